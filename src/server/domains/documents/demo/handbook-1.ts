import type { DemoPage } from "./index";

/** Geolabs Employee Handbook, pages 1-16: the firm, employment, hours, pay, leave, benefits, training. */
export const HANDBOOK_PAGES_1: DemoPage[] = [
  {
    heading: "1. Welcome to Geolabs",
    paragraphs: [
      "Geolabs, Inc. is a geotechnical engineering firm founded in Honolulu in 1974. We investigate soil and rock, design foundations, monitor construction and test materials for public agencies, developers and contractors across the Hawaiian Islands and the Pacific.",
      "Our main office is at 2006 Kalihi Street, Honolulu. Branch offices are in Hilo (Hawaii Island), Kahului (Maui) and Lihue (Kauai). The firm employs about 180 people: engineers, geologists, drillers, field technicians, laboratory technicians and administrative staff.",
      "This handbook explains the policies, benefits and safety rules that apply to every employee. It replaces all earlier handbooks and memos on the same subjects and takes effect on January 1, 2026.",
      "Questions about this handbook go to Human Resources at hr@geolabs.example or extension 2140. Safety questions go to the Corporate Safety Officer at extension 2190.",
    ],
  },
  {
    heading: "2. About This Handbook",
    paragraphs: [
      "The handbook is a summary. Where it differs from a benefit plan document (for example the 401(k) Retirement Plan Guide or the Employee Share Plan), the plan document governs.",
      "Employment with Geolabs is at will: either the employee or the company may end it at any time, with or without cause or notice. Nothing in this handbook is a contract of employment.",
      "Geolabs may change these policies. Changes are announced on the staff portal at least 30 days before they take effect, except changes required by law or for safety, which may take effect at once.",
      "Each employee signs the acknowledgment on the last page within 14 days of receiving the handbook and returns it to Human Resources.",
    ],
  },
  {
    heading: "3. Equal Opportunity and Respect at Work",
    paragraphs: [
      "Geolabs hires, pays, promotes and trains people without regard to race, color, religion, sex, pregnancy, sexual orientation, gender identity, age, national origin, ancestry, disability, marital status, arrest and court record, military status or any other status protected by Hawaii or federal law.",
      "Harassment of any kind, by anyone, on a job site or in an office, is not tolerated. This includes unwelcome comments, jokes, images, touching and any request for favors in exchange for work decisions.",
      "Report harassment or discrimination to your supervisor, to Human Resources or through the confidential ethics line (1-800-555-0142). Reports are investigated promptly, normally within 10 business days. No one is retaliated against for making a report in good faith.",
    ],
  },
  {
    heading: "4. Employment Categories",
    paragraphs: [
      "Full-time employees are regularly scheduled for 40 hours a week. Part-time employees are regularly scheduled for fewer than 30 hours a week; those who work at least 20 hours a week earn leave at a prorated rate. Temporary employees are hired for a project or season of up to 6 months and are not eligible for most benefits.",
      "Every new employee serves a 90-day introductory period. During it the supervisor meets the employee at 30, 60 and 90 days to review progress. Benefits that begin on the first day (medical, dental, vision) are not delayed by the introductory period.",
      "Positions are classified as exempt or non-exempt under the Fair Labor Standards Act. Non-exempt employees are paid overtime as described in section 6. Your offer letter states your classification.",
    ],
  },
  {
    heading: "5. Working Hours",
    paragraphs: [
      "Offices are open from 7:30 a.m. to 4:30 p.m., Monday to Friday. Office staff work an 8-hour day within those hours and must be present during core hours, 9:00 a.m. to 3:00 p.m., unless they have approved flexible hours.",
      "Field crews usually start at 6:30 a.m. so that drilling and testing can be done before the midday heat. Crew start times are set by the field supervisor and confirmed the afternoon before in the crew schedule on the portal.",
      "Non-exempt employees take an unpaid meal break of at least 30 minutes when they work more than 5 hours, and a paid 10-minute rest break for every 4 hours worked.",
      "Laboratory staff follow the lab schedule posted each Friday; curing and testing deadlines for concrete cylinders (7-day and 28-day breaks) take priority over other lab work.",
    ],
  },
  {
    heading: "6. Timekeeping and Overtime",
    paragraphs: [
      "All employees record their time in the portal every day, against the correct project and task code. Timesheets for a week are due by 10:00 a.m. on the following Monday and are approved by the project manager by noon on Tuesday.",
      "Non-exempt employees are paid 1.5 times their regular rate for hours worked over 40 in a work week. Work on a company holiday is paid at 2 times the regular rate. Overtime must be approved in advance by the supervisor, except in an emergency on a job site.",
      "Travel between the office and a job site during the work day is work time. Travel to a neighbor island for a project is work time from check-in at the airport to arrival at the site or hotel.",
      "Falsifying a timesheet, or recording time for another person, is a serious offense that can lead to dismissal.",
    ],
  },
  {
    heading: "7. Pay",
    paragraphs: [
      "Employees are paid every other Friday (26 pay days a year) by direct deposit. If a pay day falls on a holiday, pay is deposited on the business day before. Pay statements and year-end W-2 forms are available on the payroll site through the portal.",
      "Report any error in your pay within 5 business days of the pay date. Payroll corrects underpayments in a separate payment within 3 business days of confirming the error.",
      "Field technicians earn a field premium of $2.50 per hour for hours worked on an active drilling or construction site, and a night premium of $3.00 per hour for work between 10:00 p.m. and 5:00 a.m.",
      "Salary advances are not given. Garnishments and other deductions are made only as required by law or as authorized in writing by the employee.",
    ],
  },
  {
    heading: "8. Remote and Flexible Work",
    paragraphs: [
      "Office-based employees who have completed the introductory period may work remotely up to 2 days a week with their manager's approval, recorded on the Flexible Work Agreement form. Field and laboratory roles are not eligible for remote work.",
      "Flexible hours (for example 6:30 a.m. to 3:00 p.m.) may be approved when they do not affect clients or the team. A compressed 9/80 schedule is available to engineers on approval by a principal.",
      "Remote workers must be reachable during core hours, use the company VPN and keep project documents on company systems only. Geolabs reimburses up to $50 a month for internet service for employees with an approved remote work agreement.",
    ],
  },
  {
    heading: "9. Annual Leave (Paid Time Off)",
    paragraphs: [
      "Full-time employees earn annual leave every pay period, according to their years of service:",
      "- Less than 3 years of service: 15 days (120 hours) a year, 4.62 hours per pay period.\n- 3 to 5 years of service: 18 days (144 hours) a year, 5.54 hours per pay period.\n- 6 or more years of service: 22 days (176 hours) a year, 6.77 hours per pay period.",
      "Part-time employees who work at least 20 hours a week earn leave in proportion to their scheduled hours.",
      "Request leave in the portal at least 2 weeks in advance for absences of 3 days or more. Field staff should plan leave around the drilling schedule; the field supervisor may decline requests during the peak season from June to August.",
      "Up to 10 days (80 hours) of unused annual leave carry over into the next year. Leave above that amount on December 31 is forfeited. Unused annual leave is paid out when employment ends.",
    ],
  },
  {
    heading: "10. Company Holidays",
    paragraphs: [
      "Geolabs observes 14 paid holidays each year: New Year's Day; Martin Luther King Jr. Day; Presidents' Day; Prince Kuhio Day (March 26); Good Friday; Memorial Day; King Kamehameha I Day (June 11); Independence Day; Statehood Day (third Friday in August); Labor Day; Veterans Day; Thanksgiving Day and the Friday after; and Christmas Day.",
      "A holiday that falls on a Saturday is observed on the Friday before; one that falls on a Sunday is observed on the Monday after.",
      "Full-time employees receive 8 hours of holiday pay. Part-time employees receive holiday pay in proportion to their scheduled hours. Employees must work their scheduled days before and after a holiday to receive holiday pay, unless the absence is approved leave.",
    ],
  },
  {
    heading: "11. Sick Leave",
    paragraphs: [
      "Full-time employees earn 10 days (80 hours) of paid sick leave a year, 3.08 hours per pay period. Unused sick leave carries over up to a maximum balance of 30 days (240 hours).",
      "Sick leave may be used for your own illness, injury or medical appointments, or to care for a sick family member. Notify your supervisor before the start of your shift, or as soon as possible.",
      "After 3 or more consecutive days of sick leave, a note from a health care provider is required before returning to work. Field employees returning from an injury also need a fitness-for-duty release.",
      "Unused sick leave is not paid out when employment ends.",
    ],
  },
  {
    heading: "12. Family, Medical and Parental Leave",
    paragraphs: [
      "Employees with at least 12 months of service who have worked 1,250 hours in the past year may take up to 12 weeks of unpaid, job-protected leave under the federal Family and Medical Leave Act. The Hawaii Family Leave Law adds up to 4 weeks a year for the birth or adoption of a child or to care for a seriously ill family member.",
      "Geolabs provides paid parental leave of 6 weeks at 100% of base pay to an employee with at least 1 year of service after the birth, adoption or foster placement of a child. It must be taken within 12 months of the event and may run at the same time as FMLA leave.",
      "Hawaii Temporary Disability Insurance (TDI) pays 58% of average weekly wages for up to 26 weeks of non-work-related disability. Geolabs pays the full cost of TDI coverage.",
      "Medical and dental coverage continue during approved family leave on the same terms as active employment.",
    ],
  },
  {
    heading: "13. Other Leave",
    paragraphs: [
      "Bereavement leave: up to 5 paid days for the death of a spouse, partner, child, parent or sibling, and up to 3 paid days for a grandparent, grandchild or in-law.",
      "Jury duty: employees called for jury duty receive their regular pay for up to 10 working days a year and may keep the juror fee. Bring the court's summons to your supervisor as soon as you receive it.",
      "Voting: employees who cannot vote outside working hours may take up to 2 hours of paid time on election day.",
      "Military leave is granted as required by law. Employees in the reserves or National Guard receive the difference between military pay and their regular pay for up to 10 working days a year.",
      "Unpaid personal leave of up to 30 days may be approved by a principal after annual leave is used.",
    ],
  },
  {
    heading: "14. Health and Insurance Benefits",
    paragraphs: [
      "Full-time employees and part-time employees working at least 20 hours a week are eligible for medical, drug, dental and vision coverage from the first day of employment. Enroll within 30 days of hire; otherwise you must wait for open enrollment in November.",
      "Medical coverage is through HMSA. Geolabs pays 90% of the premium for employee coverage and 75% of the premium for dependents. Dental (HDS) and vision (VSP) coverage for the employee are paid 100% by Geolabs.",
      "Geolabs provides basic life and accidental death insurance of 2 times annual base salary, up to $500,000, at no cost. Long-term disability insurance replaces 60% of base salary after a 90-day waiting period.",
      "The Employee Assistance Program offers 6 free confidential counseling sessions per issue per year, by phone at 1-800-555-0199.",
      "Retirement savings and the Employee Share Plan are described in their own plan documents, available on the portal.",
    ],
  },
  {
    heading: "15. Training and Professional Development",
    paragraphs: [
      "Geolabs reimburses up to $2,500 a year per employee for approved job-related courses, certifications and university tuition. Request approval before enrolling; reimbursement requires a passing grade (C or better) and a receipt.",
      "Fees for the Fundamentals of Engineering (FE) and Principles and Practice of Engineering (PE) exams, and for the first attempt at a professional geologist license, are paid by the company. License renewals and required professional development hours (PDH) are also paid.",
      "Engineers and geologists may attend one professional conference a year with up to 2 paid days and travel costs covered.",
      "An employee who leaves Geolabs within 12 months after receiving more than $1,000 of tuition reimbursement repays it in full; after 12 to 24 months, 50% is repaid.",
    ],
  },
  {
    heading: "16. Our Safety Program",
    paragraphs: [
      "Safety comes before schedule and budget on every project. The Corporate Safety Officer leads the program; each office has a Safety Coordinator, and every field crew has a designated competent person.",
      "Every employee has stop-work authority: anyone who sees an unsafe condition may stop the work, without fear of reprisal, until it is made safe.",
      "Every field day begins with a tailgate safety meeting of 10 to 15 minutes, recorded on the Job Hazard Analysis form, that covers the day's tasks, hazards, utilities and emergency plan, including the route to the nearest hospital.",
      "New field employees complete 24 hours of safety orientation, including OSHA 10-hour construction training, before working on a site. The annual safety refresher is 8 hours. Field staff also renew First Aid and CPR certification every 2 years.",
      "The full rules are in the Geolabs Safety Manual; sections 17 to 21 summarize the ones every employee must know.",
    ],
  },
];
