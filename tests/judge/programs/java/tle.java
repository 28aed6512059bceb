public class Main {
    public static void main(String[] args) {
        long s = 0;
        for (long i = 0; ; i++) {
            s += i * i;
            if (s == 42 && i > 100) break;
        }
        System.out.println(s);
    }
}
