public class Program
{
    public static void Main()
    {
        int n = "not a number";
    }
}
