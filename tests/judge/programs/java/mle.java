public class Main {
    public static void main(String[] args) {
        byte[][] blocks = new byte[512][];
        long sum = 0;
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = new byte[1 << 20];
            java.util.Arrays.fill(blocks[i], (byte) 1);
            sum += blocks[i][i];
        }
        System.out.println(sum);
    }
}
