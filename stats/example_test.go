package stats_test

import (
	"fmt"

	"github.com/haifu/haifu/stats"
)

// ExampleWilson gives the 95% interval of an exhaustive-draw rate: 1,340
// draws in 8,933 hands.
func ExampleWilson() {
	low, high := stats.Wilson(1340, 8933)
	fmt.Printf("%.4f [%.4f, %.4f]\n", 1340.0/8933, low, high)
	// Output: 0.1500 [0.1428, 0.1576]
}
