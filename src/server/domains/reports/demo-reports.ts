import { REPORTS_DB } from "@shared/reports";
import type { TextDocument as DemoDocument } from "../../pdf/protocol";

/**
 * Demo project reports for the Reports Indexer: what /reports shows on a fresh start. Short (two pages each),
 * named by the indexer's rule `####-##(letter).Project.pdf`; the facts are made up but read like the real thing.
 */
export const DEMO_REPORTS: DemoDocument[] = [
  {
    db: REPORTS_DB,
    title: "Geotechnical Engineering Exploration, Kapolei Substation",
    fileName: "4012-07.Kapolei Substation.pdf",
    pages: [
      {
        heading: "Geotechnical Engineering Exploration — Kapolei Substation, Oahu",
        paragraphs: [
          "This report presents the results of our geotechnical engineering exploration for the proposed Kapolei Substation in Kapolei, Oahu, Hawaii. The project includes a transformer pad, a control building and about 600 feet of new access road.",
          "Four borings (B-1 through B-4) were drilled to depths of 21.5 to 41.5 feet below the existing grade with a truck-mounted drill rig. The borings encountered 2 to 4 feet of silty clay fill over medium dense coralline detritus, underlain by hard coral formation.",
          "Groundwater was encountered at about 12 feet below the existing grade in borings B-2 and B-3. Groundwater levels will fluctuate with tides and rainfall.",
        ],
      },
      {
        heading: "Foundation Recommendations",
        paragraphs: [
          "The transformer pad may be supported on a mat foundation bearing on at least 24 inches of compacted select granular fill. An allowable bearing pressure of 3,000 pounds per square foot may be used for design.",
          "The control building may be supported on shallow spread footings embedded at least 18 inches below the lowest adjacent grade. Total settlement is estimated at less than 1 inch.",
          "Based on the subsurface conditions, the site is classified as Site Class C under the 2018 International Building Code.",
        ],
      },
    ],
  },
  {
    db: REPORTS_DB,
    title: "Pier 12 Rehabilitation, Honolulu Harbor",
    fileName: "3987-11A.Pier 12 Rehabilitation.pdf",
    pages: [
      {
        heading: "Pier 12 Rehabilitation — Honolulu Harbor",
        paragraphs: [
          "This supplemental report addresses the rehabilitation of Pier 12 in Honolulu Harbor, including replacement of the deteriorated concrete deck and the addition of new fender piles along the apron.",
          "Two offshore borings were drilled from a barge. Below the harbor bottom the borings encountered soft lagoonal deposits of clayey silt to a depth of about 35 feet, over dense coral and coralline sand.",
        ],
      },
      {
        heading: "Pile Capacity",
        paragraphs: [
          "New fender piles should be 16-inch square prestressed concrete piles driven into the dense coral formation. An allowable axial compression capacity of 120 tons per pile may be used, with a minimum embedment of 15 feet into the coral.",
          "Driving resistance should be monitored with a pile driving analyzer on at least two indicator piles before production driving starts.",
        ],
      },
    ],
  },
  {
    db: REPORTS_DB,
    title: "Waikoloa Reservoir No. 2, Hawaii Island",
    fileName: "4105-02.Waikoloa Reservoir.pdf",
    pages: [
      {
        heading: "Waikoloa Reservoir No. 2 — Hawaii Island",
        paragraphs: [
          "The project consists of a 1.0-million-gallon concrete water reservoir on a hillside above Waikoloa Village on the island of Hawaii. Five test pits and three borings were excavated and drilled for this exploration.",
          "The site is underlain by pahoehoe and aa lava flows with clinker layers up to 6 feet thick. Voids and lava tubes are possible; any void found in the foundation excavation should be filled with lean concrete.",
        ],
      },
      {
        heading: "Excavation and Slopes",
        paragraphs: [
          "Excavation of the massive basalt will require hoe-ramming or controlled blasting; the clinker can be ripped with a large excavator.",
          "Permanent cut slopes in basalt may stand at 0.5 horizontal to 1 vertical. Fill slopes should not be steeper than 2 horizontal to 1 vertical.",
        ],
      },
    ],
  },
];
