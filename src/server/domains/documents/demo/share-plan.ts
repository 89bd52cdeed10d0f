import type { DemoPage } from "./index";

/** Geolabs Employee Share Plan summary (9 pages). */
export const SHARE_PLAN_PAGES: DemoPage[] = [
  {
    heading: "1. Introduction",
    paragraphs: [
      "The Geolabs Employee Share Plan lets employees share in the growth of the firm they build. It took effect on January 1, 2019 and was amended on January 1, 2025. This summary describes the plan as it stands in 2026.",
      "Geolabs, Inc. is privately held: its shares are not traded on any exchange. Under the plan, 2,000,000 shares of common stock are reserved for employee awards. As of December 31, 2025, about 61% of the firm's shares are owned by current and former employees.",
      "The plan is administered by the Compensation Committee of the Board of Directors. The plan document governs if anything in this summary differs from it.",
    ],
  },
  {
    heading: "2. Who Is Eligible",
    paragraphs: [
      "Full-time employees become eligible for share awards after 1 year of service. Part-time employees become eligible in any year in which they work at least 1,000 hours.",
      "Temporary employees, contractors and members of the Board who are not employees are not eligible.",
      "Awards are granted once a year, in April, after the annual share valuation is published. An employee must be employed on the grant date to receive an award. Employees hired after April become eligible for the next April grant that falls after their first anniversary.",
    ],
  },
  {
    heading: "3. Types of Awards",
    paragraphs: [
      "Restricted Stock Units (RSUs): each RSU is a promise to deliver one share when it vests. The annual RSU award is based on position and performance; for 2026, target awards range from 100 units for staff positions to 1,500 units for principals.",
      "Employee Stock Purchase Program (ESPP): employees may buy shares through payroll deductions of 1% to 10% of base pay. There are two offering periods each year, January 1 to June 30 and July 1 to December 31. Shares are bought on the last day of each period at a 15% discount to the fair market value on that day.",
      "An employee may buy no more than $25,000 worth of shares through the ESPP in a calendar year, measured at fair market value. Deductions may be changed or stopped once per offering period; stopped deductions are refunded without interest.",
      "Performance share awards may be granted to principals and associates, based on three-year company goals for revenue and safety.",
    ],
  },
  {
    heading: "4. Vesting",
    paragraphs: [
      "Shares bought through the ESPP are yours immediately. RSUs vest over 4 years: 25% on each of the first four anniversaries of the grant date, as long as you are still employed.",
      "Performance share awards cliff vest: 100% on the third anniversary of the grant, in the number the Committee sets from the goals met (from 0% to 150% of target).",
      "All unvested awards vest in full if the employee dies or becomes permanently disabled. An employee who retires at age 60 or older with at least 10 years of service keeps unvested RSUs, which continue to vest on schedule.",
      "Unvested awards are forfeited when employment ends for any other reason. If Geolabs is sold, unvested awards vest in full when the sale closes.",
    ],
  },
  {
    heading: "5. Share Value",
    paragraphs: [
      "Because the shares are not publicly traded, their fair market value is set once a year by an independent appraisal firm as of December 31, and is published to employees by March 15. That value is used for all grants, purchases and repurchases until the next valuation.",
      "Recent values per share:\n- December 31, 2023: $41.10\n- December 31, 2024: $44.75\n- December 31, 2025: $48.20",
      "The appraisal considers the firm's earnings, backlog, cash, debt and the values of comparable engineering firms. Share values can go down as well as up; past growth does not guarantee future results.",
    ],
  },
  {
    heading: "6. Dividends and Voting",
    paragraphs: [
      "Dividends are paid quarterly on vested shares, when declared by the Board. In 2025 the Board declared $0.30 per share each quarter, $1.20 per share for the year. Dividends are paid in cash with the next payroll after the record date, or reinvested in shares if the employee chooses.",
      "Unvested RSUs do not receive dividends and carry no vote. Vested shares carry one vote per share at the annual shareholder meeting, held each June in Honolulu and online.",
    ],
  },
  {
    heading: "7. Selling Shares and Leaving Geolabs",
    paragraphs: [
      "Shares may be sold only to Geolabs or to another eligible employee, and Geolabs has a right of first refusal on every sale. Shares may not be pledged, given or sold to anyone else.",
      "Each May, the company opens a liquidity window in which current employees may sell up to 25% of their vested shares back to Geolabs at the current fair market value. Requests are made in the portal between May 1 and May 31; payment is made by June 30.",
      "When employment ends, Geolabs repurchases all vested shares at the most recent fair market value within 90 days. If the total is $100,000 or less it is paid in one lump sum; if it is more, it is paid in 3 equal annual installments with interest at the prime rate.",
      "Unvested RSUs and performance shares are forfeited on the last day of employment, except on death, disability or qualifying retirement (section 4).",
    ],
  },
  {
    heading: "8. Taxes",
    paragraphs: [
      "RSUs are taxed as ordinary income when they vest, on the fair market value of the shares delivered. Geolabs withholds taxes by holding back shares (share netting) at the federal supplemental rate of 22% plus Hawaii and payroll taxes.",
      "ESPP discount: if you keep ESPP shares for at least 2 years after the start of the offering period and 1 year after the purchase date (a qualifying disposition), part of your gain is taxed as a long-term capital gain. Selling earlier is a disqualifying disposition, and the 15% discount is taxed as ordinary income.",
      "Dividends on vested shares are taxable in the year paid. Geolabs reports share income on your W-2. This summary is not tax advice; consult a tax advisor about your own situation.",
    ],
  },
  {
    heading: "9. Example and Contacts",
    paragraphs: [
      "Example: Keoni is granted 400 RSUs in April 2025. 100 units vest in April 2026, 100 in April 2027, 100 in April 2028 and the last 100 in April 2029. If the value is $48.20 when the first 100 vest, he has $4,820 of taxable income, and about 37 shares are held back for taxes.",
      "Example: Leilani contributes 5% of a $90,000 salary ($4,500) to the ESPP from January to June. At a share value of $48.20, the purchase price is $40.97, so her $2,250 buys 54 shares, with the $37.62 remainder carried to the next period.",
      "Questions: the Share Plan Administrator at shareplan@geolabs.example or extension 2150. Account balances, vesting schedules and purchase history are on the share plan page of the portal.",
    ],
  },
];
