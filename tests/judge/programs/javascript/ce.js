const = 3;
