import { act, render, screen } from "../../test/render";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../i18n/i18n";
import type { GameRecordBody } from "../../game/tableTypes";
import { heardText, isolated, leftToRight, looseSuits, seenText } from "../../test/bidi";
import { GameRecord } from "./GameRecord";

afterEach(async () => {
  await act(() => activate("en"));
});

const record: GameRecordBody = {
  game: "memulation",
  finished: true,
  rounds: [
    {
      round: 0,
      deals: [
        {
          dealt: { A: ["6H", "AH", "TS"], B: ["2C", "KD", "QH"] },
          pritticut: "KH",
          tricks: [
            { leader: 0, winner: 0, cards: ["6H", "2C"] },
            { leader: 1, winner: 1, cards: ["KD", "AH"] },
          ],
        },
      ],
    },
  ],
};
const name = (seat: number) => ["P012", "Bot"][seat];

describe("the whole record of a table", () => {
  it("prints each card rank first and names it in full to a screen reader", () => {
    render(<GameRecord record={record} name={name} />);
    const hands = screen.getAllByRole("definition");
    expect(seenText(hands[0])).toBe("6♥ A♥ 10♠");
    expect(heardText(hands[0])).toBe("six of hearts, ace of hearts, ten of spades");
    expect(seenText(screen.getByRole("heading", { level: 4 }))).toBe("Old Deal · Pritticut K♥");
  });

  it("keeps each card, the Pritticut and the hand letters in their order in Arabic", async () => {
    await act(() => activate("ar"));
    const { container } = render(<GameRecord record={record} name={name} />);
    // Every card isolated left to right, so that its suit stays after its rank.
    expect(looseSuits(container)).toEqual([]);
    const [handA, handB] = screen.getAllByRole("definition");
    expect(leftToRight(handA)).toEqual(["6♥", "A♥", "10♠"]);
    expect(leftToRight(handB)).toEqual(["2♣", "K♦", "Q♥"]);
    const heading = screen.getByRole("heading", { level: 4 });
    expect(leftToRight(heading)).toEqual(["K♥"]);
    // The screen reader hears the cards in Arabic, with the Arabic comma between them.
    expect(heardText(handA)).toContain("، ");
    expect(heardText(handA)).not.toContain(",");
    const letters = screen.getAllByRole("term").flatMap((term) => isolated(term));
    expect(letters).toEqual(["A", "B"]);
    const tricks = screen.getAllByRole("row").slice(1);
    expect(leftToRight(tricks[1])).toEqual(["K♦", "A♥"]);
  });
});
