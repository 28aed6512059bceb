package main

func main() {
	var m map[string]int
	m["x"] = 1 // assignment to a nil map panics
}
