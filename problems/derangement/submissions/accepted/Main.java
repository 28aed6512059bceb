import java.io.*;

public class Main {
    public static void main(String[] args) throws IOException {
        int n = Integer.parseInt(new BufferedReader(new InputStreamReader(System.in)).readLine().trim());
        StringBuilder out = new StringBuilder();
        out.append(n);
        for (int i = 1; i < n; i++) out.append(' ').append(i);
        System.out.println(out);
    }
}
