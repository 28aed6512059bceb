fun main() {
    // The whole input, split into words.
    val words = System.`in`.bufferedReader().readText().split(Regex("\\s+")).filter { it.isNotEmpty() }
    val n = words[0].toLong()

    var answer = 0L
    // Solve the problem here.

    println(answer)
}
