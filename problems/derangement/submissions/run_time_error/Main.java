import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        int n = new Scanner(System.in).nextInt();
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = p[i + 1] + 1; // reads past the end of the array
        System.out.println(p[0]);
    }
}
