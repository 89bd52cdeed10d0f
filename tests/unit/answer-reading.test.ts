import { describe, expect, test } from "bun:test";
import { splitSentences } from "@server/ai/sentences";
import { stripRunningLines } from "@server/domains/documents/pipeline/running-lines";

/**
 * How the built-in answer model reads a page before it quotes: running lines, sentences, headings and table
 * rows. The pages are made up for these tests (a marine survey firm's launch guide, a bakery's kitchen rules).
 */

describe("pages before they are chunked", () => {
  test("running headers and footers (numbers aside) are removed from every page; the body stays", () => {
    const body = ["Ramp conditions.", "Trailer checks.", "Radio calls.", "Recovering the boat."];
    const pages = body.map((b, i) => `Tidewater | Launch Guide | Ed. 3\n${b}\nGuide   Page ${i + 1} of 4`);
    expect(stripRunningLines(pages)).toEqual(body);
    // Two pages are too few to tell a running line from text.
    expect(stripRunningLines(pages.slice(0, 2))).toEqual(pages.slice(0, 2));
  });
});

describe("sentences", () => {
  test("abbreviations and initials do not end a sentence; numbered titles are headings; table rows stand alone", () => {
    const page = [
      "4.2 Launching at Low Tide",
      "Ask the Harbor Lead, K. Nakoa, before launching, e.g. when the ramp shows approx. 3 feet of water. Ed. 3 of this guide applies to every skipper.",
      "The Henry Kapono Jr. Ramp closes at dusk.",
      "Vessel                    Length    Crew",
      "Whaler skiff Kolea        18 ft     2 deckhands",
      "Survey catamaran Manu     34 ft     4 deckhands",
    ].join("\n");
    const units = splitSentences(page);
    expect(units.map((u) => u.text)).toEqual([
      "Ask the Harbor Lead, K. Nakoa, before launching, e.g. when the ramp shows approx. 3 feet of water.",
      "Ed. 3 of this guide applies to every skipper.",
      "The Henry Kapono Jr. Ramp closes at dusk.",
      // The table's header row is the heading its rows stand under.
      "Whaler skiff Kolea 18 ft 2 deckhands",
      "Survey catamaran Manu 34 ft 4 deckhands",
    ]);
    expect(units[0]!.heading).toBe("4.2 Launching at Low Tide");
    expect(units.at(-2)!.row).toBe(true);
    expect(units.at(-2)!.heading).toContain("Length");
  });

  test("a numbered line with figures other than a year is a table row, not a heading; a table's last line is a row", () => {
    const units = splitSentences(
      [
        "Charter fees below are counted in whole days from the morning the boat leaves the harbor with its crew.",
        "Item Boats Rate",
        "1 Skiff Kolea Yamaha F90 240",
        "2 Catamaran Manu Honda BF150 610",
      ].join("\n"),
    );
    expect(units.slice(1).map((u) => u.text)).toEqual([
      "1 Skiff Kolea Yamaha F90 240",
      "2 Catamaran Manu Honda BF150 610",
    ]);
    expect(units.slice(1).every((u) => u.row)).toBe(true);
  });
});

describe("numbered titles", () => {
  test("a numbered title with a year is a heading, never quoted as an answer", () => {
    const units = splitSentences(
      "2.2 Fuel Dock Prices – Season 2027\nDiesel at the fuel dock is sold at cost plus 40 cents a gallon.",
    );
    expect(units.map((u) => u.text)).toEqual([
      "Diesel at the fuel dock is sold at cost plus 40 cents a gallon.",
    ]);
    expect(units[0]!.heading).toBe("2.2 Fuel Dock Prices – Season 2027");
  });

  test("a numbered title naming a date or a table is a heading; a spaced-out table header line is not quoted", () => {
    const units = splitSentences(
      [
        "5 Night Baking – Ovens Installed Before April 3, 2024",
        "Night batches are loaded by two bakers together, and the oven door stays shut for the first ten minutes.",
        "5.1 Table 3 – Batch Sign-Off",
        "Batch  Signing Baker  Backup Signer  Notice Needed",
        "Rye loaves  Head Baker  Pastry Lead  1 day",
        "Croissants  Pastry Lead  Shift Manager  2 days",
      ].join("\n"),
    );
    expect(units.map((u) => u.text)).toEqual([
      "Night batches are loaded by two bakers together, and the oven door stays shut for the first ten minutes.",
      "Rye loaves Head Baker Pastry Lead 1 day",
      "Croissants Pastry Lead Shift Manager 2 days",
    ]);
    expect(units[0]!.heading).toBe("5 Night Baking – Ovens Installed Before April 3, 2024");
    // A numbered line with other figures is no title: it stays a unit to quote.
    expect(splitSentences("Item  Boats  Rate\n1 Skiff Kolea Yamaha F90 240").map((u) => u.text)).toEqual([
      "1 Skiff Kolea Yamaha F90 240",
    ]);
  });
});
