import type { DemoPage } from "./index";

/** Geolabs 401(k) Retirement Plan Guide (10 pages). */
export const RETIREMENT_PAGES: DemoPage[] = [
  {
    heading: "1. Your Retirement Plan at a Glance",
    paragraphs: [
      "The Geolabs 401(k) Retirement Savings Plan helps you save for retirement with your own contributions, company matching contributions and an annual profit-sharing contribution. The plan year is the calendar year.",
      "Plan recordkeeper: Pacific Trust Retirement Services, online at the retirement link on the portal and by phone at 1-800-555-0177, 5:00 a.m. to 5:00 p.m. Hawaii time on business days.",
      "Highlights: you can join after 30 days; you are enrolled automatically at 4% unless you choose otherwise; Geolabs matches up to 5% of your pay; your own contributions are always 100% vested.",
      "This guide summarizes the plan. The official plan document and Summary Plan Description govern if anything here differs.",
    ],
  },
  {
    heading: "2. Eligibility and Enrollment",
    paragraphs: [
      "All employees age 18 or older, except temporary employees, may join on the first day of the month after completing 30 days of employment.",
      "Automatic enrollment: if you do not make a choice, 4% of your eligible pay is contributed as pre-tax savings starting with your first eligible paycheck. You may opt out or change the amount within 30 days and receive a refund of contributions already made.",
      "Automatic increase: unless you opt out, your contribution rate goes up by 1% each April 1 until it reaches 10%.",
      "Eligible pay is base pay plus overtime, field and night premiums. Bonuses are eligible; expense reimbursements and share plan income are not.",
    ],
  },
  {
    heading: "3. Your Contributions",
    paragraphs: [
      "You may contribute from 1% to 75% of eligible pay, as pre-tax contributions, Roth (after-tax) contributions or both. Pre-tax contributions lower your taxable income today; Roth contributions and their earnings can be withdrawn tax-free in retirement if the rules are met.",
      "The IRS limits total pre-tax and Roth contributions to $23,500 for 2025. Employees age 50 or older may add catch-up contributions of up to $7,500; employees age 60 to 63 may add up to $11,250 instead.",
      "You may change your contribution rate at any time online; the change takes effect with the next paycheck processed.",
      "Rollovers from a previous employer's plan or an IRA are accepted at any time.",
    ],
  },
  {
    heading: "4. Company Matching Contributions",
    paragraphs: [
      "Each pay period, Geolabs matches 100% of the first 4% of eligible pay you contribute, plus 50% of the next 2%. If you contribute 6% or more, the match is 5% of your eligible pay.",
      "Examples: contribute 3% and the match is 3%; contribute 4% and the match is 4%; contribute 5% and the match is 4.5%; contribute 6% or 10% and the match is 5%.",
      "Roth and pre-tax contributions are matched the same way. Catch-up contributions are matched too.",
      "Annual true-up: if you are employed on December 31 and your contributions stopped early in the year (for example because you reached the IRS limit), Geolabs makes an extra match in February so that you receive the full match for the year.",
    ],
  },
  {
    heading: "5. Profit-Sharing Contributions",
    paragraphs: [
      "Each year the Board of Directors may make a discretionary profit-sharing contribution for eligible employees. For the 2025 plan year, the Board approved a contribution of 3% of eligible pay, deposited in March 2026.",
      "To receive a profit-sharing contribution for a year, you must work at least 1,000 hours in the year and be employed on December 31, unless you retired at age 60 or older, became disabled or died during the year.",
      "Profit-sharing contributions are made whether or not you contribute to the plan yourself.",
    ],
  },
  {
    heading: "6. Vesting",
    paragraphs: [
      "Vesting means ownership. Your own contributions, rollovers and their earnings are always 100% vested.",
      "Matching contributions vest after 2 years of service (a cliff): 0% before 2 years, 100% after 2 years.",
      "Profit-sharing contributions vest gradually:\n- Less than 2 years of service: 0%\n- 2 years: 20%\n- 3 years: 40%\n- 4 years: 60%\n- 5 years: 80%\n- 6 years or more: 100%",
      "A year of service is a plan year in which you work at least 1,000 hours. You also become 100% vested at age 65, or on death or disability while employed. Amounts that are not vested when you leave are forfeited after 5 one-year breaks in service and used to pay plan expenses.",
    ],
  },
  {
    heading: "7. Investments",
    paragraphs: [
      "You choose how your account is invested from 18 funds: target-date retirement funds, index funds for US and international stocks and bonds, a stable value fund and a Pacific region equity fund.",
      "If you make no choice, your account is invested in the target-date retirement fund closest to the year you turn 65. Target-date funds move gradually from stocks to bonds as that year approaches.",
      "You may change your investments on any business day; changes made before 10:00 a.m. Hawaii time use that day's closing prices. Automatic rebalancing to your chosen mix can be set quarterly or yearly.",
      "Fund fact sheets, expense ratios and performance are on the recordkeeper's website. The Retirement Committee reviews the fund lineup twice a year.",
    ],
  },
  {
    heading: "8. Loans and Hardship Withdrawals",
    paragraphs: [
      "You may have one loan outstanding at a time. The minimum loan is $1,000; the maximum is the lesser of $50,000 or 50% of your vested balance.",
      "Loans are repaid by payroll deduction over up to 5 years, or up to 15 years for the purchase of your main home. The interest rate is the prime rate plus 1%, fixed for the life of the loan, and the interest is paid back into your own account. A $75 fee is charged for each new loan.",
      "If you leave Geolabs, the loan must be repaid within 90 days; otherwise the unpaid balance is treated as a distribution and taxed.",
      "Hardship withdrawals are available for an immediate and heavy financial need allowed by the IRS, such as medical expenses, preventing eviction or foreclosure, funeral expenses, college tuition or repair of damage to your home. Hardship withdrawals are taxed and cannot be repaid.",
    ],
  },
  {
    heading: "9. Receiving Your Money",
    paragraphs: [
      "After you leave Geolabs you may leave your account in the plan (if it is over $7,000), roll it over to an IRA or another employer's plan, or take a cash distribution. While employed, you may withdraw vested amounts after age 59 1/2.",
      "Cash distributions are taxed as income, and 20% federal tax is withheld. Distributions before age 59 1/2 generally also carry a 10% early withdrawal penalty, unless you left Geolabs in or after the year you turned 55.",
      "Required minimum distributions begin at age 73 (age 75 for those born in 1960 or later). Roth amounts in the plan are not subject to required minimum distributions.",
    ],
  },
  {
    heading: "10. Beneficiaries, Fees and Contacts",
    paragraphs: [
      "Name a beneficiary online and keep it up to date. If you are married, your spouse is your beneficiary unless your spouse consents in writing, before a notary, to another choice.",
      "Plan administration costs $18 per participant per quarter, deducted from accounts. Geolabs pays the cost of audits and legal services. Each fund also has its own expense ratio, shown on its fact sheet.",
      "Enrollment meetings are held in each office in the first week of every quarter, and individual sessions with an advisor from Pacific Trust are free.",
      "Questions: Geolabs Benefits at benefits@geolabs.example or extension 2140, or Pacific Trust Retirement Services at 1-800-555-0177.",
    ],
  },
];
