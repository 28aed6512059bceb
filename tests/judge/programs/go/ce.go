package main

func main() {
	var x int = "text"
}
