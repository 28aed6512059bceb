object Main {
  def main(args: Array[String]): Unit = {
    val n: Int = "not a number"
    println(n)
  }
}
