using System;

public class Program
{
    public static void Main()
    {
        Console.ReadLine();
        throw new InvalidOperationException("no answer");
    }
}
