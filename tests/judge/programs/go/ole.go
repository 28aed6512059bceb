package main

import (
	"bytes"
	"os"
)

func main() {
	line := bytes.Repeat([]byte("3"), 65536)
	for {
		if _, err := os.Stdout.Write(line); err != nil {
			return
		}
	}
}
