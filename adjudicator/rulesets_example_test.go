package adjudicator_test

import (
	"fmt"

	"github.com/haifu/haifu/adjudicator"
)

// ExampleParseRuleSets reads the rule sets of analyze's --rules: each log's
// own, WRC's, and one rule set by number of players. WRC's applies to
// four-player games only.
func ExampleParseRuleSets() {
	sets, err := adjudicator.ParseRuleSets("auto,wrc,4p=mleague,3p=tenhou-sanma")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, rs := range sets {
		ok3, _ := rs.Applies(3)
		ok4, _ := rs.Applies(4)
		fmt.Printf("%s: sanma %v, four-player %v\n", rs.Name, ok3, ok4)
	}
	_, why := sets[1].Applies(3)
	fmt.Println(why)
	// Output:
	// auto: sanma true, four-player true
	// wrc: sanma false, four-player true
	// 4p=mleague,3p=tenhou-sanma: sanma true, four-player true
	// wrc has rules for 4-player games, not for this 3-player game
}
