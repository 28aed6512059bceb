package main

import "fmt"

func main() {
	v := make([]byte, 512<<20)
	for i := range v {
		v[i] = 1
	}
	fmt.Println(v[12345])
}
