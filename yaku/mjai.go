package yaku

// MjaiName returns the name of the yaku in mjai's hora yakus (gimite's
// mjai, lib/mjai/hora.rb: "reach", "tanyaochu" …), the name FromMjai
// reads; "" for a yaku without a name of its own there: the seat and round
// winds and the dragons, which mjai names "jikaze", "bakaze" and
// "sangenpai" (AnySeatWind.MjaiName() and so on give those), kita dora and
// Mahjong Soul's own yaku.
func (id ID) MjaiName() string { return entries[id].mjai }
