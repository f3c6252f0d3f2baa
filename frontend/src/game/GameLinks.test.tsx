import { render, screen } from "../test/render";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { GameLinks } from "./GameLinks";

function links(status: string) {
  return render(
    <MemoryRouter>
      <GameLinks game={{ id: 41, status }} />
    </MemoryRouter>,
  );
}

describe("a game's links on the session page", () => {
  it("leads to the table's seats while it waits, and to the spectator page while it runs", () => {
    links("waiting");
    expect(screen.getByTestId("table-link")).toHaveAttribute("href", "/tables/41");
    expect(screen.getByTestId("watch-link")).toHaveAttribute("href", "/games/41/watch");
  });

  it("offers only Watch during play, and nothing once the game is over", () => {
    const { unmount } = links("active");
    expect(screen.queryByTestId("table-link")).not.toBeInTheDocument();
    expect(screen.getByTestId("watch-link")).toBeVisible();
    unmount();
    links("finished");
    expect(screen.queryByTestId("watch-link")).not.toBeInTheDocument();
  });
});
