using System;

public class Program
{
    public static void Main()
    {
        // The whole input, split into words.
        string[] words = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        long n = long.Parse(words[0]);

        long answer = 0;
        // Solve the problem here.

        Console.WriteLine(answer);
    }
}
