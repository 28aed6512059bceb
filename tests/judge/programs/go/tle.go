package main

import "fmt"

func main() {
	var n uint64
	for i := uint64(1); ; i++ {
		n ^= i * i
		if n == 1<<63+12345 && i < 10 {
			break
		}
	}
	fmt.Println(n)
}
