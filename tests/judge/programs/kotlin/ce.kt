fun main() {
    val n: Int = "not a number"
    println(n)
}
