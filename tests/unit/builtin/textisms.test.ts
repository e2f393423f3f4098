/**
 * Texting spellings (lib/agent/builtin/textisms.ts): spelled out where they stand for words,
 * left as typed where they are numbers or letters of something else.
 */
import { describe, expect, it } from "vitest";
import { spellOut } from "@/lib/agent/builtin/textisms";

describe("spellOut", () => {
  it.each([
    ["pls add buy milk 2moro", "please add buy milk tomorrow"],
    ["wfh tomorrow", "working from home tomorrow"],
    ["r the bins done?", "are the bins done?"],
    ["cn u move the vet 2 thurs", "can you move the vet to thursday"],
    ["dentist tues 3ish", "dentist tuesday 3ish"],
    ["shld really return the books", "should really return the books"],
    ["hve to cancel the gym", "have to cancel the gym"],
    ["wd be nice to go to lisbon", "would be nice to go to lisbon"],
    ["v important - ring the solicitor", "very important - ring the solicitor"],
    ["remind me 2 call the bank b4 5pm", "remind me to call the bank before 5pm"],
    ["add call nan n grandad", "add call nan and grandad"],
    ["cnt make the dentist tmrw", "can't make the dentist tmrw"],
    ["electrician can be next wk", "electrician can be next week"],
    ["smashed thru the emails", "smashed through the emails"],
    ["3rd ones sorted", "3rd one's sorted"],
    ["the red ones are fine", "the red ones are fine"],
    ["get a card 4 the wkend", "get a card for the wkend"],
    ["dont 4get the gas bill coz its due", "don't forget the gas bill because its due"],
    ["ive done the washing, thx", "i've done the washing, thanks"],
    ["ur a star", "you're a star"],
    ["move ur dentist thing", "move your dentist thing"],
    ["Pls add milk", "Please add milk"],
    ["sat - hair cut 10am", "saturday - hair cut 10am"],
    ["fri: pay gas bill", "friday: pay gas bill"],
    ["sun- roast at mums", "sunday- roast at mums"],
    ["mark teh stairs as dnoe", "mark the stairs as done"],
    ["shift it to tmrw, ill do it then", "shift it to tmrw, i'll do it then"],
    ["push it to tmrw, ill smash it out then", "push it to tmrw, i'll smash it out then"],
    ["mum can b low prio tbh", "mum can be low prio tbh"],
    ["rem to send the invoice tmrw", "remember to send the invoice tmrw"],
    ["rem me about the vet at 9", "remind me about the vet at 9"],
    ["taps drippin worse now", "taps dripping worse now"],
    ["am gannin to the shop", "am going to the shop"],
    ["thinkin about doin veg boxes", "thinking about doing veg boxes"],
    ["flashcards for yr1 done", "flashcards for year 1 done"],
    ["mark the yr 6 sats papers", "mark the year 6 sats papers"],
  ])("%s → %s", (typed, spelled) => expect(spellOut(typed)).toBe(spelled));

  it.each([
    "buy 2 loaves",
    "meet at 2 tomorrow",
    "book a table for 4 at 7",
    "plan b for the party",
    "read up on rem sleep",
    "get vitamin b tablets",
    "mum is ill today",
    "feeling ill",
    "the dog is ill again",
    "sat on the sofa - all day",
    "buy a sun - hat",
    "n",
    "add milk and bread",
    "collect the prescription at quarter past 4 tomorrow",
    "half past 2 today",
    "arsenal v chelsea on sat",
    "add raisin bread",
    "stick pippin apples on the list",
    "online checkin for the flight",
    "tell dustin about the match",
    "a noggin of ale",
    "a muffin for the cabin",
  ])("leaves %s as typed", (typed) => expect(spellOut(typed)).toBe(typed));

  it("reads its own output the same (spelled-out words are no texting spellings)", () => {
    const once = spellOut("r u free 2moro n 2nite, plz 4 me thx");
    expect(spellOut(once)).toBe(once);
  });
});
