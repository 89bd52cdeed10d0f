import type { DemoPage } from "./index";

/** Geolabs Employee Handbook, pages 17-31: field safety, travel, expenses, IT, records, conduct, leaving. */
export const HANDBOOK_PAGES_2: DemoPage[] = [
  {
    heading: "17. Personal Protective Equipment on Drill Sites",
    paragraphs: [
      "Everyone within 50 feet of an operating drill rig, including visitors and client staff, wears:",
      "- A hard hat rated ANSI Z89.1 Type I, swapped for a new one every 5 years or at once after any impact.\n- Safety-toe boots meeting ASTM F2413.\n- A high-visibility vest, ANSI Class 2; Class 3 when working next to traffic or at night.\n- Safety glasses with side shields (Z87.1).\n- Hearing protection whenever noise exceeds 85 dBA, which includes all rotary and percussion drilling.\n- Work gloves when handling drill rods, augers, casing or samples.",
      "Geolabs supplies hard hats, vests, glasses, hearing protection and gloves at no cost, and pays an annual safety boot allowance of $200. Fall protection harnesses are required when working more than 6 feet above a lower level, for example on a rig mast.",
      "PPE is inspected before each use. Damaged equipment is tagged out of service and replaced through the office Safety Coordinator the same day.",
    ],
  },
  {
    heading: "18. Drill Rig and Heavy Equipment Safety",
    paragraphs: [
      "Only trained and authorized drillers operate a drill rig, and a rig is never operated by one person alone: a helper is always present. The emergency kill switch is tested at the start of every shift and the test is recorded on the daily rig checklist.",
      "Before any drilling or excavation, request a utility locate through Hawaii 811 at least 5 working days in advance, and mark the boring locations in white paint. Do not drill within 2 feet on either side of a marked utility without hand clearing.",
      "Keep the mast and any part of the rig at least 20 feet from overhead power lines up to 350 kV, and farther for higher voltages. A spotter watches the clearance whenever the mast is raised or the rig moves.",
      "Stay out of the swing radius of augers and rotating equipment; no loose clothing, jewelry or long hair near the rotating parts. Lower the mast before moving the rig, even a short distance on site.",
    ],
  },
  {
    heading: "19. Heat, Sun and Hydration",
    paragraphs: [
      "Heat illness is the most common field hazard in Hawaii. When the heat index is above 90 degrees F, crews take a 10-minute rest break in the shade every 2 hours in addition to normal breaks; above 103 degrees F, every hour.",
      "Drink about 1 quart (4 cups) of water per hour of hot work, in small amounts, even when not thirsty. Every field vehicle carries at least 5 gallons of drinking water, shade canopies and electrolyte packets.",
      "Sunscreen of SPF 30 or higher, brimmed hard hat shades and long-sleeve sun shirts are supplied by Geolabs. New employees and those returning from more than a week away work reduced hours in full sun for their first 5 days to acclimatize.",
      "Watch your crew: headache, dizziness, cramps or confusion are warning signs. Move the person to shade, cool them and call 911 if symptoms do not improve within 15 minutes or if they stop sweating.",
    ],
  },
  {
    heading: "20. Site Access, Excavations and Working Alone",
    paragraphs: [
      "Sign in with the site superintendent on arrival at any construction site and follow the site's own safety rules in addition to ours.",
      "Never enter an excavation or test pit deeper than 5 feet unless it has a protective system (sloping, shoring or a trench box) inspected that day by a competent person. Spoil piles are kept at least 2 feet from the edge.",
      "Confined spaces (manholes, vaults, tanks) are entered only under a written permit, with atmospheric testing, an attendant outside and a rescue plan.",
      "Work in traffic lanes requires a traffic control plan and certified flaggers. Employees working alone in remote areas check in with the office by phone or the portal every 2 hours; if a check-in is missed by 30 minutes, the office calls, and after 1 hour it sends help.",
    ],
  },
  {
    heading: "21. Incidents, Injuries and Near Misses",
    paragraphs: [
      "Report every injury, vehicle accident, property damage or near miss to your supervisor and to the Safety Officer within 1 hour, and complete the incident report form on the portal within 24 hours.",
      "For a serious injury call 911 first. First aid kits are carried in every field vehicle and at every lab station; eyewash stations are in the laboratory and in each drill support truck.",
      "Work injuries are covered by workers' compensation. Geolabs offers modified duty so that injured employees can return to work as soon as their doctor allows.",
      "After any incident, the crew stops work until the supervisor confirms it is safe to continue. An incident review is held within 3 business days to find the cause and prevent a repeat. Near misses are reviewed the same way: they are free lessons.",
    ],
  },
  {
    heading: "22. Vehicles and Travel",
    paragraphs: [
      "Employees who drive company vehicles need a valid Hawaii driver's license and an acceptable driving record; records are checked when hired and every year after. Seat belts are worn at all times, and phones are not used while driving, including hands-free, except for emergencies.",
      "Use of a personal vehicle for company business is reimbursed at the IRS standard mileage rate (70 cents per mile in 2025). Commuting between home and your usual office is not reimbursed.",
      "Neighbor island and mainland travel is booked through the office administrator. On overnight neighbor island trips Geolabs pays lodging directly and a per diem of $75 a day for meals ($15 breakfast, $20 lunch, $40 dinner); partial days are paid for the meals that fall within the trip.",
      "Checked field equipment such as sample tubes and hand tools must be declared to the airline; compressed gas and fuel are never carried on aircraft.",
    ],
  },
  {
    heading: "23. Expense Reimbursement",
    paragraphs: [
      "Submit expense reports in the portal within 30 days of the expense. Itemized receipts are required for every expense of $25 or more. Expenses submitted more than 90 days late are not reimbursed.",
      "Each report is approved by the project manager (for project expenses) or the department manager (for overhead). Approved expenses are paid in the next regular payroll.",
      "Client meals and entertainment over $150 need a principal's approval in advance. Alcohol, traffic and parking fines, personal travel upgrades and in-flight purchases are not reimbursable.",
      "Corporate credit cards are issued to project managers and field supervisors. Card statements are reconciled in the portal by the 10th of the following month; personal charges on a corporate card are not allowed.",
    ],
  },
  {
    heading: "24. Purchasing and Equipment",
    paragraphs: [
      "Purchases over $1,000 need a purchase order approved by the department manager before the order is placed; purchases over $10,000 also need a principal's approval, and over $25,000 three written quotes.",
      "Field and laboratory instruments (inclinometers, piezometer readouts, survey levels, nuclear density gauges) are checked out in the equipment log on the portal and returned within 2 business days after the job.",
      "Nuclear density gauges may be used and transported only by employees with current radiation safety training, under the authorization of the Radiation Safety Officer. The gauge is kept locked in its case and under the direct control of the operator at all times.",
      "Lost or damaged equipment is reported within 24 hours. Calibration records for lab and field instruments are kept for 10 years.",
    ],
  },
  {
    heading: "25. Computers, Phones and Acceptable Use",
    paragraphs: [
      "Company computers, phones and accounts are for Geolabs business; limited personal use is acceptable if it does not interfere with work. The company may monitor its systems.",
      "Multi-factor authentication is required on every account. Passwords are at least 14 characters and are never reused or shared. Screens lock after 10 minutes without use; lock your computer whenever you step away.",
      "Report suspicious email with the Report Phishing button or to IT through an IT ticket on the portal. Never approve a sign-in request you did not start.",
      "Project data is stored only on company systems (the project share and the document databases), never on personal cloud storage or USB drives. Software is installed by IT through an IT ticket. Lost or stolen devices are reported to IT within 1 hour so they can be locked and wiped.",
    ],
  },
  {
    heading: "26. Confidentiality and Records",
    paragraphs: [
      "Client information, project reports, boring logs, laboratory results and proposals are confidential. Do not share them outside Geolabs without the project manager's approval.",
      "Project files, field notes and final reports are kept for 10 years after the project closes; reports for public agencies are kept for the period their contract requires, if longer.",
      "Soil and rock core samples are stored for 90 days after the final report is submitted, unless the client asks in writing for longer storage. Core boxes are then disposed of or returned to the client, and the disposal is recorded in the Core Inventory.",
      "Personnel and medical records are kept by Human Resources and are available to the employee on request within 10 business days.",
    ],
  },
  {
    heading: "27. Conduct, Conflicts of Interest and Gifts",
    paragraphs: [
      "Treat clients, colleagues and the public with respect and honesty. Engineering judgments are made on the facts; no one may pressure an engineer to change a recommendation or a test result.",
      "Disclose in writing any outside work, business interest or family relationship that could conflict with Geolabs business. Outside engineering work for clients or competitors of Geolabs is not allowed.",
      "Gifts or entertainment worth more than $100 from a client, contractor or supplier must be reported to your manager; cash gifts are never accepted. Public-agency clients have stricter rules, which take precedence.",
      "Geolabs is a drug-free workplace. Employees in safety-sensitive positions (drillers, equipment operators, commercial drivers) are subject to pre-employment, random and post-incident drug and alcohol testing.",
    ],
  },
  {
    heading: "28. Performance and Pay Reviews",
    paragraphs: [
      "Every employee has an annual performance review in January, based on goals set the year before, with a mid-year check-in in July.",
      "Merit increases are decided after the annual reviews and take effect on March 1. Promotions may be made at any time of year.",
      "Engineering careers follow the ladder Staff Engineer I, Staff Engineer II, Project Engineer, Senior Engineer, Associate and Principal. Promotion to Project Engineer normally requires a PE license or equivalent experience; promotion to Senior Engineer at least 8 years of experience.",
      "An annual bonus may be paid in March, based on company results and individual performance. Employees must be employed on the payment date to receive it.",
    ],
  },
  {
    heading: "29. Concerns, Open Door and Whistleblowing",
    paragraphs: [
      "Talk to your supervisor first about any concern with your work. If that does not resolve it, take it to the department manager and then to Human Resources; each step should be answered within 10 business days.",
      "Anyone may go directly to Human Resources or to a principal at any time (the open door policy).",
      "Report suspected fraud, falsified test data, safety violations or illegal conduct through the ethics line (1-800-555-0142), which accepts anonymous reports. Geolabs does not retaliate against anyone who reports a concern in good faith, as the Hawaii Whistleblowers' Protection Act also requires.",
    ],
  },
  {
    heading: "30. Leaving Geolabs",
    paragraphs: [
      "Employees who resign are asked to give at least 2 weeks' written notice; project managers and principals are asked to give 4 weeks so that projects can be handed over.",
      "Final pay, including unused annual leave, is paid on the last day of work when the company ends employment, and no later than the next regular pay day after a resignation. Unused sick leave is not paid.",
      "Return all company property (laptop, phone, keys, access card, PPE issued for field work, corporate card) on or before the last day. Medical coverage ends on the last day of the month in which employment ends; COBRA continuation is offered for up to 18 months.",
      "Vested 401(k) balances and vested shares in the Employee Share Plan remain yours; see those plan documents for how they are paid or repurchased. An exit interview with Human Resources is offered to every departing employee.",
    ],
  },
  {
    heading: "31. Acknowledgment of Receipt",
    paragraphs: [
      "I have received the Geolabs Employee Handbook, effective January 1, 2026. I understand that it is my responsibility to read it, to follow the policies it describes, and to ask Human Resources about anything I do not understand.",
      "I understand that the handbook is not a contract, that my employment is at will, and that Geolabs may change its policies with notice as described in section 2.",
      "I understand that the safety rules in sections 16 to 21 are conditions of working on any Geolabs site, and that I have stop-work authority whenever I see an unsafe condition.",
      "Employee name: ______________________    Signature: ______________________    Date: ____________",
      "Return this page to Human Resources within 14 days of receiving the handbook.",
    ],
  },
];
