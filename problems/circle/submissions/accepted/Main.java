import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        double r = new Scanner(System.in).nextDouble();
        System.out.printf("%.10f%n", Math.PI * r * r);
    }
}
