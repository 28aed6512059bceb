import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        long s = 0;
        for (long i = 0; ; i++) {
            s += i * i;
            if (s == 42 && i > 100) break; // never: spins until the time limit
        }
        System.out.println(a + b + s);
    }
}
