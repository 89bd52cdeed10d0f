import { describe, expect, test } from "bun:test";
import { expectedAnswer } from "@server/ai/answer-type";
import { composeExtractiveAnswer, type WeightedTerm } from "@server/ai/extractive";
import { headingsAt, splitSentences } from "@server/ai/sentences";
import { CHAT_TEXTS, isRefusal } from "@shared/chat";
import { answerOnPage, firstLine, term } from "../helpers/answers";

/**
 * What the built-in answer model quotes: the sentence that answers first, cited on its pages; a refusal only
 * when nothing holds the question's key words; the closest passage, said to be partial, otherwise. The pages are
 * made up for these tests (Tidewater Marine Surveys' launch guide, Crumb & Co.'s bakery rules).
 */

describe("the answer", () => {
  const pages = [
    {
      n: 1,
      file: "Guide.pdf",
      page: 4,
      text: "5.1 Fuel and Weather\nFuel is carried in approved cans. When the wind speed is 20 knots or higher, the skipper shall",
    },
    {
      n: 1,
      file: "Guide.pdf",
      page: 5,
      text: "return the boat to the nearest ramp within 30 minutes of the forecast.\nSigns of engine overheating include steam.",
    },
  ];
  const wind = [term("wind", 3), term("speed", 3), term("ramp", 3), term("return", 4)];

  test("leads with the sentence that answers; a sentence over a page break is quoted whole and cited on both pages", () => {
    const a = composeExtractiveAnswer({
      question: "wind speed return to ramp?",
      pages,
      dbLabel: "Marine",
      useWeb: false,
      terms: wind,
    });
    expect(firstLine(a)).toBe(
      "- When the wind speed is 20 knots or higher, the skipper shall return the boat to the nearest ramp within 30 minutes of the forecast. [Guide.pdf pp. 4–5]",
    );
    expect(isRefusal(a)).toBe(false);
  });

  test("'don't say' only when no passage holds any of the question's key words, and then nothing is quoted", () => {
    const a = composeExtractiveAnswer({
      question: "is there a discount on wetsuit rentals",
      pages,
      dbLabel: "Marine",
      useWeb: false,
      terms: [term("wetsuit", 0), term("rentals", 0), term("discount", 3)],
    });
    expect(a.startsWith("The documents in Marine don't say.")).toBe(true);
    expect(isRefusal(a)).toBe(true);
    expect(a).not.toContain("[Guide.pdf");
  });

  test("a passage holding the key words is quoted, under one line saying the support is partial, never refused", () => {
    // The sentence names the subject but gives no count: quoted, with the partial-support line above it.
    expect(expectedAnswer("how long are logbooks kept on board").type).toBe("quantity");
    expect(expectedAnswer("what are the steps to haul out a boat").type).toBe("list");
    const a = composeExtractiveAnswer({
      question: "how many signs of engine overheating",
      pages: [
        {
          n: 1,
          file: "Guide.pdf",
          page: 5,
          text: "Signs of engine overheating include steam and a warning buzzer.",
        },
      ],
      dbLabel: "Marine",
      useWeb: false,
      terms: [term("signs", 3), term("engine", 3), term("overheating", 3)],
    });
    expect(firstLine(a)).toBe(CHAT_TEXTS.partialSupport);
    expect(a).toContain("- Signs of engine overheating include steam and a warning buzzer. [Guide.pdf p. 5]");
    expect(isRefusal(a)).toBe(false);
  });

  test("a question about a figure is answered by the unit that gives one, not by one sharing more words", () => {
    const a = answerOnPage(
      "how long does a hull inspection take",
      {
        file: "Yard.pdf",
        page: 2,
        text: "Rush inspections are not offered for wooden hulls or for hull inspections afloat.\nHull survey out of water 1 boat 3 working days",
      },
      [term("hull", 3), term("inspection", 1)],
      "Yard",
    );
    expect(firstLine(a)).toContain("3 working days");
  });
});

describe("what a rule covers", () => {
  const ask = (question: string, text: string, terms: WeightedTerm[]) =>
    answerOnPage(question, { file: "Rules.pdf", page: 2, text }, terms, "Rules");

  test("the rule on the question's subject is quoted, a list item whole under its heading", () => {
    const gear =
      "Required gear on every launch:\n- Life jackets with a whistle and light (USCG Type III).\n- Deck shoes.";
    // A word the documents never use ("inflatable") does not turn the nearest rule into a refusal.
    const jackets = [term("life", 2), term("jackets", 4), term("inflatable", 0)];
    const a = ask("does tidewater pay for inflatable life jackets", gear, jackets);
    expect(isRefusal(a)).toBe(false);
    expect(a).toContain("whistle and light");

    const prop = "Tidewater pays for propeller repairs of up to $650 when a submerged log caused the damage.";
    expect(
      ask("bent propeller on a log, does tidewater pay", prop, [term("propeller", 4), term("log", 4)]),
    ).toContain("$650");
    const page = [
      "4 Items Not Sold Day-Old",
      "The following are never sold as day-old goods:",
      "- Cream pastries and custard tarts, except when chilled below 5 °C overnight",
      "- Sliced sandwiches",
    ].join("\n");
    expect(
      ask("can i sell yesterday's custard tarts", page, [term("custard", 4), term("tarts", 1)]),
    ).toContain("Cream pastries and custard tarts");
  });
});

describe("sections", () => {
  const page = (harbor: string, hours: number) =>
    [
      `6 Tow Requests – ${harbor} Harbor`,
      "6.1 First Steps",
      "When a boat loses power, drop anchor first and then radio the harbor office on channel 16.",
      "6.4 Tow Logs",
      `Every tow and near grounding shall be logged on Form TL-2, Tow Log, within ${hours} hours.`,
    ].join("\n");

  test("a subsection keeps its section as context; a passage starting below them carries both", () => {
    const units = splitSentences(page("Kewalo", 24));
    expect(units.at(-1)!.heading).toBe("6 Tow Requests – Kewalo Harbor › 6.4 Tow Logs");
    const text = page("Kewalo", 24);
    expect(headingsAt(text, text.indexOf("Every tow"))).toEqual([
      "6 Tow Requests – Kewalo Harbor",
      "6.4 Tow Logs",
    ]);
  });

  test("of two similar pages, the one whose section names the question's scope answers", () => {
    // What passages hand over: the sentence with the section headings above it.
    const passage = (n: number, harbor: string, hours: number, at: number) => {
      const text = page(harbor, hours);
      const start = text.indexOf("Every tow");
      return {
        n,
        file: "Guide.pdf",
        page: at,
        text: `${headingsAt(text, start).join("\n")}\n${text.slice(start)}`,
      };
    };
    const a = composeExtractiveAnswer({
      question: "deadline for the tow log on a kewalo job",
      pages: [passage(1, "Haleiwa", 48, 9), passage(2, "Kewalo", 24, 8)],
      dbLabel: "Marine",
      useWeb: false,
      terms: [term("tow", 3), term("log", 1), term("kewalo", 3)],
    });
    expect(firstLine(a)).toContain("within 24 hours");
  });
});

describe("label letters in answers", () => {
  test("a rule for Class A answers a question about Class A; for Class C it is only the closest passage", () => {
    const pages = [
      {
        n: 1,
        file: "Yard.pdf",
        page: 4,
        text: "Allow 3 working days for the hull survey of a Class A vessel.",
      },
    ];
    const ask = (question: string, letter: string) =>
      composeExtractiveAnswer({
        question,
        pages,
        dbLabel: "Yard",
        useWeb: false,
        terms: [term("survey", 2), term("class", 2), { stems: [letter], weight: 2 }, term("vessel", 1)],
      });
    // The rule for another letter is quoted as the closest passage, with the partial-support line above it.
    const other = ask("how long is the survey for a class C vessel", "c");
    expect(firstLine(other)).toBe(CHAT_TEXTS.partialSupport);
    expect(isRefusal(other)).toBe(false);
    const same = ask("how long is the survey for a Class A vessel", "a");
    expect(firstLine(same)).toContain("3 working days");
  });
});

describe("quotes offered as a partial answer", () => {
  // Key words are the question's rarer half: "tender" and "kayak"; "breakwater" and "dusk" are common words here.
  const terms = [
    term("tender", 3),
    term("kayak", 3),
    term("breakwater", 2.9),
    term("dusk", 2.9),
    term("lantern", 0),
    term("signal", 0),
  ];
  const question = "does the tender show a lantern signal to the kayak past the breakwater at dusk";
  const ask = (elsewhere: string) =>
    composeExtractiveAnswer({
      question,
      pages: [
        { n: 1, file: "Guide.pdf", page: 3, text: "The tender leaves the breakwater first." },
        { n: 2, file: "Guide.pdf", page: 9, text: elsewhere },
      ],
      dbLabel: "Marine",
      useWeb: false,
      terms,
    });

  test("a passage holding none of the question's key words is not offered, however close its score", () => {
    const a = ask("Before dusk, fishing boats pass the breakwater.");
    expect(firstLine(a)).toBe(CHAT_TEXTS.partialSupport);
    expect(a).toContain("The tender leaves the breakwater first. [Guide.pdf p. 3]");
    expect(a).not.toContain("fishing boats");
  });

  test("the same passage under a heading naming the subject is offered", () => {
    const a = ask("4.2 Kayak Launches\nBefore dusk, fishing boats pass the breakwater.");
    expect(a).toContain("Before dusk, fishing boats pass the breakwater. [Guide.pdf p. 9]");
  });
});
