object Main {
  def main(args: Array[String]): Unit = {
    // The whole input, split into words.
    val words = scala.io.Source.stdin.mkString.split("\\s+").filter(_.nonEmpty)
    val n = words(0).toLong

    var answer = 0L
    // Solve the problem here.

    println(answer)
  }
}
