import { describe, expect, test } from "bun:test";
import { expectedAnswer } from "@server/ai/answer-type";
import { composeExtractiveAnswer, type WeightedTerm } from "@server/ai/extractive";
import { contentWords, queryTerms } from "@server/ai/fts-query";
import { headingsAt, splitSentences, tableEnd } from "@server/ai/sentences";
import { stripRunningLines } from "@server/domains/documents/pipeline/running-lines";
import { CHAT_TEXTS, isRefusal } from "@shared/chat";

/** What the built-in answer model quotes, and how it reads pages, questions and everyday words. */
const term = (stems: string[], weight: number): WeightedTerm => ({ stems, weight });
/** The built-in model's answer from one page of one passage. */
const answerOnPage = (
  question: string,
  page: { file: string; page: number; text: string },
  terms: WeightedTerm[],
  dbLabel: string,
) => composeExtractiveAnswer({ question, pages: [{ n: 1, ...page }], dbLabel, useWeb: false, terms });

describe("pages before they are chunked", () => {
  test("running headers and footers (numbers aside) are removed from every page; the body stays", () => {
    const body = [
      "Scope and purpose.",
      "Trench entry rules.",
      "Heat stress and water.",
      "Reporting injuries.",
    ];
    const pages = body.map((b, i) => `Acme | Field Manual | Rev. 4\n${b}\nManual   Page ${i + 1} of 4`);
    expect(stripRunningLines(pages)).toEqual(body);
    // Two pages are too few to tell a running line from text.
    expect(stripRunningLines(pages.slice(0, 2))).toEqual(pages.slice(0, 2));
  });
});

describe("sentences", () => {
  test("abbreviations and initials do not end a sentence; numbered titles are headings; table rows stand alone", () => {
    const page = [
      "4.2 Trench Entry",
      "Ask the Safety Officer, G. Shimabukuro, before entry, e.g. for trenches approx. 5 feet deep. Rev. 4 of this manual applies to every crew.",
      "On Martin Luther King Jr. Day the office is closed.",
      "Test                      Mass      Days",
      "Proctor compaction        25 kg     5 business days",
      "California Bearing Ratio  50 kg     10 business days",
    ].join("\n");
    const units = splitSentences(page);
    expect(units.map((u) => u.text)).toEqual([
      "Ask the Safety Officer, G. Shimabukuro, before entry, e.g. for trenches approx. 5 feet deep.",
      "Rev. 4 of this manual applies to every crew.",
      "On Martin Luther King Jr. Day the office is closed.",
      // The table's header row is the heading its rows stand under.
      "Proctor compaction 25 kg 5 business days",
      "California Bearing Ratio 50 kg 10 business days",
    ]);
    expect(units[0]!.heading).toBe("4.2 Trench Entry");
    expect(units.at(-2)!.row).toBe(true);
    expect(units.at(-2)!.heading).toContain("Mass");
  });
});

describe("the answer", () => {
  const pages = [
    {
      n: 1,
      file: "Manual.pdf",
      page: 4,
      text: "5.1 Water and Shade\nWater is carried in coolers. When the heat index is 90°F or higher, the supervisor shall",
    },
    {
      n: 1,
      file: "Manual.pdf",
      page: 5,
      text: "provide shaded rest breaks of at least 10 minutes every 2 hours.\nSymptoms of heat exhaustion include dizziness.",
    },
  ];
  const heat = [term(["heat"], 3), term(["index"], 3), term(["rest"], 3), term(["break"], 4)];

  test("leads with the sentence that answers; a sentence over a page break is quoted whole and cited on both pages", () => {
    const a = composeExtractiveAnswer({
      question: "heat index rest breaks?",
      pages,
      dbLabel: "Safety",
      useWeb: false,
      terms: heat,
    });
    expect(a.split("\n")[0]).toBe(
      "- When the heat index is 90°F or higher, the supervisor shall provide shaded rest breaks of at least 10 minutes every 2 hours. [Manual.pdf pp. 4–5]",
    );
    expect(isRefusal(a)).toBe(false);
  });

  test("'don't say' only when no passage holds any of the question's key words, and then nothing is quoted", () => {
    const a = composeExtractiveAnswer({
      question: "is there a reimbursement for prescription glasses",
      pages,
      dbLabel: "Safety",
      useWeb: false,
      terms: [term(["prescript"], 0), term(["glass"], 0), term(["reimburs"], 3)],
    });
    expect(a.startsWith("The documents in Safety don't say.")).toBe(true);
    expect(isRefusal(a)).toBe(true);
    expect(a).not.toContain("[Manual.pdf");
  });

  test("a passage holding the key words is quoted, under one line saying the support is partial, never refused", () => {
    // The sentence names the subject but gives no count: quoted, with the partial-support line above it.
    expect(expectedAnswer("how long do we keep the samples").type).toBe("quantity");
    expect(expectedAnswer("what are the steps to close a project").type).toBe("list");
    const a = composeExtractiveAnswer({
      question: "how many symptoms of heat exhaustion",
      pages: [
        {
          n: 1,
          file: "Manual.pdf",
          page: 5,
          text: "Symptoms of heat exhaustion include dizziness and cramps.",
        },
      ],
      dbLabel: "Safety",
      useWeb: false,
      terms: [term(["symptom"], 3), term(["heat"], 3), term(["exhaust"], 3)],
    });
    expect(a.split("\n")[0]).toBe(CHAT_TEXTS.partialSupport);
    expect(a).toContain("- Symptoms of heat exhaustion include dizziness and cramps. [Manual.pdf p. 5]");
    expect(isRefusal(a)).toBe(false);
  });
});

describe("what the question asks for", () => {
  const fits = (question: string, text: string) => expectedAnswer(question).fits(text);

  test("a span of time, a frequency, money or a count is asked for, and only a unit holding it fits", () => {
    // "how long": a number of days, not a form number or the verb "may".
    expect(
      fits("how long does a consol test take", "One-dimensional consolidation 1 tube 15 business days"),
    ).toBe(true);
    expect(
      fits("how long does a consol test take", "Rush testing is not available for one-dimensional tests."),
    ).toBe(false);
    expect(fits("how much time do i plan for a review", "The reviewers complete Form QC-3.")).toBe(false);
    expect(fits("when do i have to return my laptop", "Only IT may install software.")).toBe(false);
    expect(fits("when do i have to return my laptop", "Devices are returned by May 5.")).toBe(true);
    // "how often": every / once / per year, not a turnaround.
    expect(fits("how often are ovens checked", "Drying ovens Temperature verification Every 3 months")).toBe(
      true,
    );
    expect(fits("how often are ovens checked", "Hydrometer analysis 500 g 7 business days")).toBe(false);
    // "how much does it cost": money.
    expect(fits("how much does urgent retrieval cost", "a fee of $75 per box")).toBe(true);
    expect(fits("how much does urgent retrieval cost", "Stored at 91-150 Hanua St.")).toBe(false);
    // "how many hours": a number of hours.
    expect(fits("how many hours is the class", "The card is issued after 4 hours of training.")).toBe(true);
    expect(fits("how many hours is the class", "At least one crew member shall hold a card.")).toBe(false);
  });

  test("a form, a number to call and a person are recognised", () => {
    expect(expectedAnswer("what form do i need to get records shredded").type).toBe("form");
    expect(fits("what form do i need", "listed on Form RM-3, Records Destruction Authorization")).toBe(true);
    expect(expectedAnswer("after hours IT emergency number").type).toBe("contact");
    expect(fits("the front desk's extension", "Front Desk: ext. 250")).toBe(true);
    // Asked for an extension, a phone number is no answer; asked for a number, either is.
    expect(fits("the front desk's extension", "Outside Help Desk hours, call 808-555-0199.")).toBe(false);
    expect(fits("after hours IT emergency number", "Outside Help Desk hours, call 808-555-0199.")).toBe(true);
    // Written with or without the apostrophe, "what's the limit" asks for a figure.
    expect(expectedAnswer("whats the limit on a hotel night").type).toBe("quantity");
    expect(expectedAnswer("what’s the max weight for a sample cooler").type).toBe("quantity");
    expect(fits("what's the fee to rush a test", "Rush testing carries a fee of $120.")).toBe(true);
    expect(fits("whats the fee to rush a test", "Rush testing is arranged with the lab manager.")).toBe(
      false,
    );
    expect(expectedAnswer("what are the requirements for a site visit").type).toBe("list");
    expect(expectedAnswer("list all the holidays").type).toBe("list");
    expect(expectedAnswer("what is the boss's name").type).toBe("other");
    expect(expectedAnswer("who's the safety officer").type).toBe("person");
    // "who can", "who gets": a group, not a person.
    expect(expectedAnswer("who can sign a purchase order").type).toBe("other");
  });

  test("a question about a figure is answered by the unit that gives one, not by one sharing more words", () => {
    const a = composeExtractiveAnswer({
      question: "how long does a consolidation test take",
      pages: [
        {
          n: 1,
          file: "Lab.pdf",
          page: 2,
          text: "Rush testing is not available for one-dimensional consolidation tests or curing tests.\nOne-dimensional consolidation ASTM D2435 1 tube 15 business days",
        },
      ],
      dbLabel: "Lab",
      useWeb: false,
      terms: [term(["consolid"], 3), term(["test"], 1)],
    });
    expect(a.split("\n")[0]).toContain("15 business days");
  });
});

describe("tables and lists", () => {
  const holidays = [
    "2 Company Holidays – 2026",
    "The following paid holidays will be observed in 2026. Holidays on a Sunday are observed on the Monday.",
    "Holiday Date Day",
    "New Year's Day January 1, 2026 Thursday",
    "Memorial Day May 25, 2026 Monday",
    "Independence Day (observed) July 3, 2026 Friday",
    "Christmas Day December 25, 2026 Friday",
    "In addition, each regular employee receives 2 floating holidays in 2026, which must be used by December 31.",
  ].join("\n");

  test("a sentence introducing a table is quoted with every row, word for word from its page", () => {
    const a = answerOnPage(
      "list the paid holidays for 2026",
      { file: "HR.pdf", page: 3, text: holidays },
      [term(["paid"], 2), term(["holidai"], 3), term(["2026"], 1)],
      "HR",
    );
    const first = a.split("\n")[0]!;
    expect(first).toStartWith("- The following paid holidays will be observed in 2026.");
    expect(first).toContain("Holiday Date Day New Year's Day January 1, 2026 Thursday");
    expect(first).toContain("Christmas Day December 25, 2026 Friday [HR.pdf p. 3]");
  });

  test("a table row that answers is quoted whole, word for word from its page", () => {
    const a = answerOnPage(
      "when is memorial day",
      { file: "HR.pdf", page: 3, text: holidays },
      [term(["memori"], 4), term(["dai"], 1)],
      "HR",
    );
    expect(a.split("\n")[0]).toBe("- Memorial Day May 25, 2026 Monday [HR.pdf p. 3]");
  });

  test("a chunk that stops inside a table runs on to the table's last row", () => {
    const cut = holidays.indexOf("Memorial Day") + 5;
    const end = tableEnd(holidays, cut);
    expect(holidays.slice(0, end)).toEndWith("Christmas Day December 25, 2026 Friday");
    // Inside a paragraph nothing changes.
    expect(tableEnd(holidays, 40)).toBe(40);
  });
});

describe("edges of tables, times and months", () => {
  test("a numbered line with figures other than a year is a table row, not a heading; a table's last line is a row", () => {
    const units = splitSentences(
      [
        "Laboratory turnaround times below are counted in business days from the log-in date of the samples received.",
        "Test Samples Days",
        "1 Tube Consolidation ASTM D2435 15",
        "2 Bags Sieve Analysis ASTM D6913 5",
      ].join("\n"),
    );
    expect(units.slice(1).map((u) => u.text)).toEqual([
      "1 Tube Consolidation ASTM D2435 15",
      "2 Bags Sieve Analysis ASTM D6913 5",
    ]);
    expect(units.slice(1).every((u) => u.row)).toBe(true);
  });

  test("a row that begins like an earlier one is quoted whole ($1 is not cut out of $1.50)", () => {
    const page = [
      "Copies are charged as follows:",
      "Color Copies Tabloid Large Format $1.50",
      "Black Copies Letter Size $0.10",
      "Copies Tabloid Large Format $1",
      "Charges are billed monthly to the project named on the request, at the rates of the current price list.",
    ].join("\n");
    const a = answerOnPage(
      "how much are copies charged",
      { file: "Office.pdf", page: 2, text: page },
      [term(["copi"], 3), term(["charg"], 3)],
      "Office",
    );
    expect(a.split("\n")[0]).toContain("Copies Tabloid Large Format $1 [Office.pdf p. 2]");
    expect(a.split("\n")[0]).toContain("$1.50 Black Copies");
  });

  test("a sentence pointing to the table below is quoted with its rows, when a figure is asked for", () => {
    const page = [
      "3.2 Rental Limits",
      "Crews may rent small tools without a purchase order up to the amount in the table below.",
      "Rental Period  Limit Without PO  Who Signs",
      "One day or less  $300 per tool  Crew lead",
      "Up to one week  $900 per tool  Yard supervisor",
      "3.3 Returns",
      "Rented tools are returned clean, with the rental slip, to the yard office.",
    ].join("\n");
    expect(expectedAnswer("what is the limit to rent a tool without a PO").type).toBe("quantity");
    const a = answerOnPage(
      "what is the limit to rent a tool without a PO",
      { file: "Yard.pdf", page: 4, text: page },
      [term(["rent"], 3), term(["tool"], 2), term(["po"], 3)],
      "Yard",
    );
    const first = a.split("\n")[0]!;
    expect(first).toStartWith(
      "- Crews may rent small tools without a purchase order up to the amount in the table below.",
    );
    expect(first).toContain(
      "One day or less $300 per tool Crew lead Up to one week $900 per tool Yard supervisor [Yard.pdf p. 4]",
    );
  });

  test("asked for a list, the table beside the sentence that answers is quoted with it, however introduced", () => {
    const page = [
      "Pool vehicles are reserved on the shared vehicle calendar at least one day ahead.",
      "Vehicle  Seats  Parked At",
      "Ford Transit van  12  Honolulu yard, bay 3",
      "Toyota Tacoma pickup  5  Honolulu yard, bay 7",
      "Keys are returned to the key box at reception when the trip ends.",
    ].join("\n");
    const ask = (question: string) =>
      answerOnPage(
        question,
        { file: "Fleet.pdf", page: 2, text: page },
        [term(["pool"], 3), term(["vehicl"], 2)],
        "Fleet",
      ).split("\n")[0]!;
    expect(ask("list the pool vehicles")).toContain(
      "Toyota Tacoma pickup 5 Honolulu yard, bay 7 [Fleet.pdf p. 2]",
    );
    // A row that answers best brings no part of its table along.
    const row = answerOnPage(
      "what vans do we have",
      { file: "Fleet.pdf", page: 2, text: page },
      [term(["van"], 4)],
      "Fleet",
    );
    expect(row.split("\n")[0]).toBe("- Ford Transit van 12 Honolulu yard, bay 3 [Fleet.pdf p. 2]");
    // Not asked for a list, the sentence stands alone.
    expect(ask("how do i reserve a pool vehicle")).toBe(
      "- Pool vehicles are reserved on the shared vehicle calendar at least one day ahead. [Fleet.pdf p. 2]",
    );
  });

  test("'below' in a comparison introduces no table; a list pattern does not take a form or a word ending in -ss", () => {
    const page = [
      "Soil samples for moisture tests are kept cool, at 6 °C or below.",
      "Sample  Hold Time  Container",
      "Soil jar, moisture  14 days  Glass jar, 250 mL",
      "Bulk bag, Proctor  90 days  Woven bag, 25 kg",
    ].join("\n");
    const a = answerOnPage(
      "how cold are soil samples for moisture tests kept",
      { file: "Lab.pdf", page: 3, text: page },
      [term(["soil"], 2), term(["sampl"], 1), term(["moistur"], 3), term(["kept"], 2)],
      "Lab",
    );
    expect(a.split("\n")[0]).toBe(
      "- Soil samples for moisture tests are kept cool, at 6 °C or below. [Lab.pdf p. 3]",
    );
    expect(expectedAnswer("what forms do we have for travel").type).toBe("form");
    expect(expectedAnswer("what address do we have for the yard").type).not.toBe("list");
  });

  test("the colon of a time does not bring a table along, nor does 'the following day'", () => {
    const page = [
      "The front desk is staffed 7:30 to 4:30 on the following day of each holiday.",
      "New Year's Day January 1, 2026 Thursday",
      "Memorial Day May 25, 2026 Monday",
      "The office is closed on these days, and messages left on the main line are answered the next working day.",
    ].join("\n");
    const a = answerOnPage(
      "when is the front desk staffed",
      { file: "HR.pdf", page: 3, text: page },
      [term(["front"], 3), term(["desk"], 3), term(["staf"], 3)],
      "HR",
    );
    expect(a).toContain("7:30 to 4:30");
    expect(a).not.toContain("New Year's Day");
  });

  test("'May' inside a sentence is a month; 'may' the verb and 'May I' are not", () => {
    const fits = (text: string) => expectedAnswer("when does open enrollment end").fits(text);
    expect(fits("Open enrollment ends in May.")).toBe(true);
    expect(fits("Employees may change elections.")).toBe(false);
    expect(fits("May I change elections?")).toBe(false);
  });

  test("words with a combining accent stay one word; an article in capitals is no label", () => {
    expect(contentWords("Send the re\u0301sume\u0301 to HR")).toEqual(["send", "resume", "hr"]);
    expect(queryTerms("HOW DO I GET A PARKING PERMIT").map((t) => t.words.join(" "))).toEqual([
      "parking",
      "permit",
    ]);
    // A row's first cell is a label too.
    expect(contentWords("C 10 business days")).toEqual(["c", "10", "business", "days"]);
  });
});

describe("what a rule covers", () => {
  const ask = (question: string, text: string, terms: WeightedTerm[]) =>
    answerOnPage(question, { file: "Policy.pdf", page: 2, text: text }, terms, "HR");

  test("the rule on the question's subject is quoted, a list item whole under its heading", () => {
    const safety =
      "Required PPE on every site:\n- Safety glasses with side shields (ANSI Z87.1).\n- Hard hat.";
    // A word the documents never use ("prescription") does not turn the nearest rule into a refusal.
    const glasses = [term(["safeti"], 2), term(["glass"], 4), term(["prescript"], 0)];
    const a = ask("does geolabs pay for prescription safety glasses", safety, glasses);
    expect(isRefusal(a)).toBe(false);
    expect(a).toContain("side shields");

    const flat = "Geolabs reimburses repairs of up to $500 for a flat tire caused by a site condition.";
    expect(
      ask("got a flat tire on site, does the company pay", flat, [term(["flat"], 4), term(["tire"], 4)]),
    ).toContain("$500");
    const page = [
      "4 Expenses Not Reimbursed",
      "The following are not reimbursed on any trip:",
      "- Laundry and dry cleaning, except on trips of 5 nights or longer",
      "- Personal entertainment",
    ].join("\n");
    expect(ask("can i get my laundry paid for", page, [term(["laundri"], 4), term(["paid"], 1)])).toContain(
      "Laundry and dry cleaning",
    );
  });
});

describe("sections", () => {
  const page = (island: string, hours: number) =>
    [
      `8 Emergency Response – ${island} Projects`,
      "8.1 Immediate Actions",
      "In a medical emergency, call 911 first and then the Field Supervisor.",
      "8.4 Incident Reports",
      `All injuries and near misses shall be reported on Form SF-3, Incident Report, within ${hours} hours.`,
    ].join("\n");

  test("a subsection keeps its section as context; a passage starting below them carries both", () => {
    const units = splitSentences(page("Oahu", 24));
    expect(units.at(-1)!.heading).toBe("8 Emergency Response – Oahu Projects › 8.4 Incident Reports");
    const text = page("Oahu", 24);
    expect(headingsAt(text, text.indexOf("All injuries"))).toEqual([
      "8 Emergency Response – Oahu Projects",
      "8.4 Incident Reports",
    ]);
  });

  test("of two similar pages, the one whose section names the question's scope answers", () => {
    // What passages hand over: the sentence with the section headings above it.
    const passage = (n: number, island: string, hours: number, at: number) => {
      const text = page(island, hours);
      const start = text.indexOf("All injuries");
      return {
        n,
        file: "Safety.pdf",
        page: at,
        text: `${headingsAt(text, start).join("\n")}\n${text.slice(start)}`,
      };
    };
    const a = composeExtractiveAnswer({
      question: "deadline for the incident report on an oahu job",
      pages: [passage(1, "Neighbor Island", 48, 9), passage(2, "Oahu", 24, 8)],
      dbLabel: "Safety",
      useWeb: false,
      terms: [term(["incid"], 3), term(["report"], 1), term(["oahu"], 3)],
    });
    expect(a.split("\n")[0]).toContain("within 24 hours");
  });
});

describe("label letters", () => {
  test("a lone letter after a word names which one: kept in questions and text ('Category A', not the article)", () => {
    expect(contentWords("Each Category A project needs a review")).toEqual([
      "category",
      "a",
      "project",
      "review",
    ]);
    expect(contentWords("zone c is closed; do I need a permit")).toEqual(["zone", "c", "closed", "permit"]);
    expect(queryTerms("what kinds of projects are category A").map((t) => t.words.join(" "))).toContain("a");
    expect(queryTerms("do i need a permit").map((t) => t.words.join(" "))).toEqual(["permit"]);
  });

  test("typed shorthand ('w/o', 'b/c') is a function word, not a label letter", () => {
    const words = (q: string) => queryTerms(q).map((t) => t.words.join(" "));
    expect(words("can i rent a saw w/o a PO")).toEqual(["rent", "saw", "po"]);
    expect(words("ride w/ the crew b/c of the rain")).toEqual(["ride", "crew", "rain"]);
    // A letter after a word still names which one.
    expect(words("zone w of the site")).toEqual(["zone", "w", "site"]);
  });

  test("a rule for Category A answers a question about Category A; for Category C it is only the closest passage", () => {
    const pages = [
      {
        n: 1,
        file: "QC.pdf",
        page: 4,
        text: "Allow 5 business days for the technical review of a Category A report.",
      },
    ];
    const ask = (question: string, letter: string) =>
      composeExtractiveAnswer({
        question,
        pages,
        dbLabel: "QC",
        useWeb: false,
        terms: [term(["review"], 2), term(["categori"], 2), term([letter], 2), term(["report"], 1)],
      });
    // The rule for another letter is quoted as the closest passage, with the partial-support line above it.
    const other = ask("how long is the review for a category C report", "c");
    expect(other.split("\n")[0]).toBe(CHAT_TEXTS.partialSupport);
    expect(isRefusal(other)).toBe(false);
    const same = ask("how long is the review for a Category A report", "a");
    expect(same.split("\n")[0]).toContain("5 business days");
  });

  test("a numbered title with a year is a heading, never quoted as an answer", () => {
    const units = splitSentences(
      "2.2 Mileage and Per Diem Rates – Calendar Year 2026\nMileage is paid at 70 cents per mile.",
    );
    expect(units.map((u) => u.text)).toEqual(["Mileage is paid at 70 cents per mile."]);
    expect(units[0]!.heading).toBe("2.2 Mileage and Per Diem Rates – Calendar Year 2026");
  });

  test("a numbered title naming a date or a table is a heading; a spaced-out table header line is not quoted", () => {
    const units = splitSentences(
      [
        "5 Overtime – Staff Hired Before March 1, 2021",
        "Overtime is paid at one and a half times the hourly rate for all hours over 40 in a week, approved ahead.",
        "5.1 Table 3 – Overtime Approvers",
        "Crew  Approving Manager  Backup Approver  Notice Needed",
        "Drill crew  Field Operations Manager  Project Engineer  1 day",
        "Lab crew  Laboratory Manager  Quality Manager  2 days",
      ].join("\n"),
    );
    expect(units.map((u) => u.text)).toEqual([
      "Overtime is paid at one and a half times the hourly rate for all hours over 40 in a week, approved ahead.",
      "Drill crew Field Operations Manager Project Engineer 1 day",
      "Lab crew Laboratory Manager Quality Manager 2 days",
    ]);
    expect(units[0]!.heading).toBe("5 Overtime – Staff Hired Before March 1, 2021");
    // A numbered line with other figures is no title: it stays a unit to quote.
    expect(
      splitSentences("Test  Samples  Days\n1 Tube Consolidation ASTM D2435 15").map((u) => u.text),
    ).toEqual(["1 Tube Consolidation ASTM D2435 15"]);
  });
});
