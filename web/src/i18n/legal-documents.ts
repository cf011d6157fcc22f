import { ARBITRATION_AGREEMENT } from '@ratkaisu/core';

/**
 * The six legal texts of Ratkaisu (docs/product.md sections 1, 2 and 9), in English. Each document is structured data —
 * title, effective date, sections of paragraphs (and an optional bulleted list) —
 * so pages render it with the app's typography and a table of contents.
 *
 * Headings carry no numbers: the page numbers them, so sections can be reordered safely.
 */

/** One section of a legal document. */
export interface LegalSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** A bulleted list shown after the paragraphs. */
  readonly items?: readonly string[];
}

/** A legal document as the pages render it. */
export interface LegalDocument {
  readonly title: string;
  readonly effective: string;
  /** A short plain-language lead shown under the title. */
  readonly summary: string;
  readonly sections: readonly LegalSection[];
}

const OPERATOR =
  'Ratkaisu Oy, the Finnish limited liability company operating Ratkaisu (“Ratkaisu”, “we”, “us” or “our”)';

const CONTACT =
  'You can contact us through the support channel shown in the Service or by post to Ratkaisu Oy at its registered address recorded in the Finnish Trade Register.';

const termsOfService = {
  title: 'Terms of Service',
  effective: 'Effective 15.1.2025',
  summary:
    'These Terms govern your use of Ratkaisu, an AI-based arbitration service for commercial disputes under Finnish law. Please read them carefully: they explain how cases are decided, that fees are paid in advance and are non-refundable, and that decisions are final and binding.',
  sections: [
    {
      heading: 'About these Terms',
      paragraphs: [
        `These Terms of Service (“Terms”) form a binding agreement between you and ${OPERATOR}. They apply to the Ratkaisu web application, the anonymous decision generator and every related service we provide (together, the “Service”).`,
        'You accept these Terms by selecting Accept in the Service or by using the Service. If you do not accept them, you must not use the Service; if you decline them while signed in, you are signed out.',
        'If you use the Service on behalf of a company or another organisation, you confirm that you are authorised to bind that organisation to these Terms, and “you” then also means that organisation.',
        'Our Privacy Policy, Cookie Policy, Data Processing Agreement, End User License Agreement and Compliance Policy form part of these Terms.',
      ],
    },
    {
      heading: 'The Service',
      paragraphs: [
        'Ratkaisu is an online dispute resolution service in which commercial disputes are resolved by arbitration conducted with the help of artificial intelligence (AI). The substance of every dispute is decided under Finnish law.',
        'A case proceeds through ordered phases: the claim, the response, up to two further letters from each party, and the resolution. In each phase the parties upload their documents as PDF files. When the written phases have ended, an AI model analyses the submitted material and produces a reasoned decision.',
        'The Service can also draft a claim application from documents you select, and it offers an anonymous decision generator that produces a decision document from uploaded PDF files without an account. A claim draft is a working document for you to review; it is not submitted to anyone until you save it into a case yourself.',
      ],
    },
    {
      heading: 'Eligibility',
      paragraphs: [
        'You must be at least 18 years old and have full legal capacity to use the Service.',
        'The Service is intended for commercial disputes between businesses and other organisations. You may act in the Service only as the authorised representative of a claimant or a respondent, and you confirm that you hold the authority needed to bring, answer and settle the dispute on that party’s behalf.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You sign in with a work account of your organisation or with a username and password. You must give accurate information, keep your credentials and two-factor codes secret, and tell us without delay if you suspect that someone else has used your account.',
        'You are responsible for everything done through your account until you have told us about unauthorised use. You can review and end your active sessions on the Sessions page of your account.',
      ],
    },
    {
      heading: 'Agreement to arbitrate',
      paragraphs: [
        // LAWYER REVIEW: the clause (core tribunal/constitution.ts ARBITRATION_AGREEMENT, versioned) awaits a Finnish
        // arbitration lawyer's review before production use; the award quotes the Finnish text with each acceptance.
        `On each case, each party’s representative accepts the following arbitration agreement (version ${ARBITRATION_AGREEMENT.version}) on the case page; the Service records which version each party accepted, when and by whom, and the award quotes it:`,
        `“${ARBITRATION_AGREEMENT.en}”`,
        `In Finnish: “${ARBITRATION_AGREEMENT.fi}”`,
        'The substance of the dispute is governed by Finnish law. When a party’s own documents contain another arbitration clause, the tribunal decides on its jurisdiction before it gives its award, and the award states that decision.',
        'Each party must submit its documents within the deadline of each phase. A party that does not submit documents in time may lose the opportunity to do so, and the case may be decided on the material available. The process can be ended early, after which no files can be changed and the case moves to resolution.',
      ],
    },
    {
      heading: 'Human oversight',
      paragraphs: [
        'Either party may request human oversight of its case. On request, a human arbitrator appointed by Ratkaisu reviews the case material and the AI-generated decision and may confirm, amend or replace the decision before it becomes final.',
        'A request for human oversight must be made in the Service before the decision becomes final. The human arbitrator is bound by the same duties of impartiality and confidentiality as Ratkaisu.',
      ],
    },
    {
      heading: 'Decisions',
      paragraphs: [
        'A decision is based solely on the documents the parties have submitted in the case. It states the background, the questions in dispute, the evidence, the legal analysis, the outcome with its reasons, and the laws and precedents applied.',
        'Decisions made in the Service, including decisions generated by AI, are final and binding on the parties, except where applicable law allows a decision to be challenged, set aside or declared invalid. The parties undertake to comply with a decision without delay.',
      ],
    },
    {
      heading: 'Fees and payment',
      paragraphs: [
        'The fees for the Service are shown in the Service before a case starts. Fees are paid before the process begins; a case does not start until the fee has been paid.',
        'Fees are non-refundable, including when a case is withdrawn or ended early, when a party does not take part, and when the outcome is not what a party hoped for. This does not limit any refund that mandatory law requires.',
      ],
    },
    {
      heading: 'Confidentiality',
      paragraphs: [
        'Cases in the Service are confidential. We use the documents, submissions and decisions of a case only to conduct that case and to provide the Service, and we disclose them only to the parties to the case, to a human arbitrator appointed on request, to our sub-processors as described in the Data Processing Agreement, and to authorities where the law requires it.',
        'You must keep confidential the submissions of the other party and the decision, except to the extent needed to comply with or enforce the decision, to obtain professional advice, or as the law requires.',
        'Our personnel and human arbitrators are bound by written confidentiality obligations that continue after their engagement ends.',
      ],
    },
    {
      heading: 'Your responsibilities',
      paragraphs: ['When you use the Service you must:'],
      items: [
        'give truthful, accurate and complete information about the parties and the dispute;',
        'upload only PDF documents that you are entitled to use in the dispute and that do not contain malware;',
        'not submit unlawful content or content that infringes the rights of others;',
        'not try to gain unauthorised access to the Service, other users’ cases or our systems, nor interfere with the Service’s security or operation;',
        'not copy, reverse engineer, resell or use the Service to build a competing service;',
        'review every AI-drafted document, such as a claim application, before you rely on it or submit it.',
      ],
    },
    {
      heading: 'Artificial intelligence',
      paragraphs: [
        'The Service uses large language models provided through Microsoft Azure OpenAI within the European Union. The models work from written instructions that define the structure of a decision, and from the documents the parties submit.',
        'AI output can contain errors or omissions. Claim drafts and other AI-assisted documents are tools for you; they are not legal advice, and Ratkaisu is not a law firm. The content of your case material is not used to train AI models.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        'The Service, its software, design and content belong to Ratkaisu or its licensors. Your use of the application is also governed by the End User License Agreement.',
        'You keep all rights in the documents you upload. You grant Ratkaisu a non-exclusive right to store, copy and process them, including with AI, to the extent needed to provide the Service to you and to the other party of your case.',
      ],
    },
    {
      heading: 'Data protection',
      paragraphs: [
        'We process personal data as described in our Privacy Policy. Where we process personal data on behalf of your organisation, our Data Processing Agreement applies.',
      ],
    },
    {
      heading: 'Availability and changes to the Service',
      paragraphs: [
        'We aim to keep the Service available at all times but do not guarantee uninterrupted operation. We may carry out maintenance and develop the Service, and we may change or discontinue features, provided that cases in progress can be completed.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'Our total liability to you arising out of or in connection with the Service and these Terms is limited to the amount of fees you have paid to Ratkaisu during the 6 months before the event that gave rise to the liability.',
        'We are not liable for indirect or consequential loss, such as loss of profit, revenue, business or goodwill, or for loss caused by the content of documents submitted by the parties.',
        'These limitations do not apply to loss caused intentionally or through gross negligence, nor where mandatory law does not allow liability to be limited.',
      ],
    },
    {
      heading: 'Security incidents',
      paragraphs: [
        'We protect the Service and your data with appropriate technical and organisational measures. If a personal data breach or another security incident affects your data or your case material, we notify you within 72 hours of becoming aware of it, describe what happened and what we are doing about it, and tell you what you can do to protect yourself.',
      ],
    },
    {
      heading: 'Suspension and termination',
      paragraphs: [
        'You may stop using the Service at any time. We may suspend or close an account that breaches these Terms, endangers the security of the Service, or is used unlawfully. Where possible we give notice and a chance to remedy the breach first.',
        'Cases in progress are handled as described in these Terms even after an account is closed, and the provisions on confidentiality, decisions, fees, liability and governing law survive the end of these Terms.',
      ],
    },
    {
      heading: 'Changes to these Terms',
      paragraphs: [
        'We may update these Terms. We tell you about material changes in the Service before they take effect and ask you to accept the updated Terms; if you decline them, you are signed out and cannot continue to use the Service. Cases already in progress continue under the Terms in force when they started, unless the parties agree otherwise.',
      ],
    },
    {
      heading: 'Governing law and jurisdiction',
      paragraphs: [
        'These Terms are governed by the laws of Finland, without regard to its conflict-of-law rules.',
        'Any dispute about these Terms or the use of the Service that is not resolved by negotiation is settled by the courts of Helsinki, with the Helsinki District Court as the court of first instance. This does not restrict the finality of decisions made in cases under these Terms.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [CONTACT],
    },
  ],
} as const satisfies LegalDocument;

const compliancePolicy = {
  title: 'Compliance Policy',
  effective: 'Effective 14 September 2024',
  summary:
    'This policy describes how Ratkaisu meets its legal and ethical obligations as a provider of AI-based arbitration: the law we follow, how AI is used responsibly and under human oversight, and how we keep cases confidential and secure.',
  sections: [
    {
      heading: 'Purpose and scope',
      paragraphs: [
        `This Compliance Policy is issued by ${OPERATOR}. It applies to all of Ratkaisu’s personnel, to human arbitrators engaged by us and to every part of the Service, including the case workflow, the claim generator and the anonymous decision generator.`,
      ],
    },
    {
      heading: 'Legal framework',
      paragraphs: ['We operate under Finnish law and the law of the European Union, in particular:'],
      items: [
        'the Finnish Arbitration Act (967/1992) and the general principles of fair procedure in arbitration;',
        'the EU General Data Protection Regulation (EU) 2016/679 (“GDPR”) and the Finnish Data Protection Act (1050/2018);',
        'the Finnish Act on Electronic Communications Services (917/2014), including its rules on storing information in users’ devices;',
        'the EU Artificial Intelligence Act (EU) 2024/1689, as its obligations become applicable;',
        'the Finnish Companies Act, Accounting Act and tax legislation applicable to a Finnish limited liability company.',
      ],
    },
    {
      heading: 'Responsible use of artificial intelligence',
      paragraphs: [
        'AI in Ratkaisu supports a legal process with binding effect, so we apply the following principles:',
      ],
      items: [
        'Human oversight: either party may request that a human arbitrator reviews the case and the AI-generated decision before it becomes final.',
        'Transparency: the Service tells users where AI is used, and decisions state the reasons, evidence and law on which they rest.',
        'Documented instructions: the instructions and chapter prompts that guide the model are written, versioned and reviewed; decisions follow a fixed structure from background to applied law.',
        'Data minimisation: the model receives only the documents of the case and the instructions needed to decide it; case material is not used to train AI models.',
        'Location: AI processing takes place in Microsoft Azure OpenAI within the European Union.',
        'Quality: we test changes to the instructions and models before release and monitor failures in decision generation.',
      ],
    },
    {
      heading: 'Impartiality and independence',
      paragraphs: [
        'Ratkaisu has no interest in the outcome of any case. Human arbitrators must disclose any circumstance that could give rise to justified doubts about their impartiality or independence and must not take part in a case in which they have a conflict of interest.',
        'Fees do not depend on the outcome of a case.',
      ],
    },
    {
      heading: 'Confidentiality and information security',
      paragraphs: ['Case material is confidential. Our security measures include:'],
      items: [
        'access to a case only for its parties’ authorised representatives and, on request, a human arbitrator;',
        'separation of customer organisations (tenants) and role-based access for administrators;',
        'encryption of data in transit and at rest, and hashing of passwords with a modern memory-hard algorithm;',
        'two-factor authentication, session time-outs and the ability for users to end their sessions;',
        'audit logging of sign-ins, account changes and administrative actions;',
        'hosting in Microsoft Azure data centres within the European Union.',
      ],
    },
    {
      heading: 'Data protection',
      paragraphs: [
        'We keep records of processing activities, assess the risks of new processing (including a data protection impact assessment where required), and conclude data processing agreements with our customers and sub-processors. Our Privacy Policy and Data Processing Agreement describe the processing in detail.',
      ],
    },
    {
      heading: 'Incident management',
      paragraphs: [
        'Security incidents are recorded, assessed and contained without delay. Where an incident is a personal data breach, we notify the Office of the Data Protection Ombudsman within 72 hours of becoming aware of it when the law requires, and we notify affected customers and users within 72 hours.',
      ],
    },
    {
      heading: 'Obligations of users',
      paragraphs: [
        'Users must be at least 18 years old, act only with proper authority for the party they represent, submit only lawful documents that they are entitled to use, and comply with the Terms of Service. We may suspend accounts used in breach of this policy.',
      ],
    },
    {
      heading: 'Reporting concerns',
      paragraphs: [
        'Anyone may report a suspected breach of law or of this policy to us. Reports are handled confidentially, and no one who reports a concern in good faith will suffer any adverse consequence for doing so.',
      ],
    },
    {
      heading: 'Review',
      paragraphs: [
        'Ratkaisu’s management reviews this policy at least once a year and whenever the law or the Service changes materially.',
        CONTACT,
      ],
    },
  ],
} as const satisfies LegalDocument;

const dpa = {
  title: 'Data Processing Agreement',
  effective: 'Effective 14 September 2024',
  summary:
    'This Data Processing Agreement sets out how Ratkaisu processes personal data on behalf of the organisations that use the Service, as Article 28 of the GDPR requires.',
  sections: [
    {
      heading: 'Parties and scope',
      paragraphs: [
        `This Data Processing Agreement (“DPA”) is made between the organisation that uses the Service (the “Customer”) and ${OPERATOR}. It forms part of the Terms of Service and applies whenever Ratkaisu processes personal data on the Customer’s behalf in providing the Service.`,
        'For personal data contained in case material, the Customer is the controller and Ratkaisu is the processor. For the data Ratkaisu needs to run its own business — user accounts, security logs and billing — Ratkaisu is the controller, as described in the Privacy Policy.',
      ],
    },
    {
      heading: 'Definitions',
      paragraphs: [
        'Terms such as “personal data”, “processing”, “controller”, “processor”, “data subject” and “personal data breach” have the meanings given in the EU General Data Protection Regulation (EU) 2016/679 (“GDPR”). “Sub-processor” means another processor engaged by Ratkaisu to process personal data on the Customer’s behalf.',
      ],
    },
    {
      heading: 'Subject matter, nature, purpose and duration',
      paragraphs: [
        'Ratkaisu processes personal data to provide the Service: to store and present case material to the parties, to conduct the arbitration process, to draft claim applications and generate decisions with AI, and to keep the Service secure. Processing lasts for as long as the Customer uses the Service and until the data has been deleted or returned under this DPA.',
      ],
    },
    {
      heading: 'Categories of data subjects',
      paragraphs: ['The personal data concerns:'],
      items: [
        'the Customer’s users and representatives;',
        'the claimant’s and respondent’s representatives, employees and contact persons;',
        'any other person named or described in the documents submitted in a case, such as witnesses.',
      ],
    },
    {
      heading: 'Categories of personal data',
      paragraphs: ['The personal data processed includes:'],
      items: [
        'identification and contact details: names, email addresses, postal addresses, business identity codes and, where submitted, personal identity codes;',
        'the content of uploaded PDF documents, which the Customer determines and which may contain any kind of personal data;',
        'AI-drafted claim applications and AI-generated decisions;',
        'technical data: sign-in and session records with IP address, device (browser user agent) and country, and audit log entries.',
      ],
    },
    {
      heading: 'Special categories of data',
      paragraphs: [
        'The Service is not designed for special categories of personal data or data on criminal convictions. If the Customer submits such data in case material, the Customer is responsible for having a lawful basis for it, and Ratkaisu protects it with the same measures as all other case material.',
      ],
    },
    {
      heading: 'Customer’s instructions and obligations',
      paragraphs: [
        'The Terms of Service, this DPA and the Customer’s use of the Service’s functions are the Customer’s complete documented instructions. The Customer is responsible for the lawfulness of the personal data it submits and for informing data subjects as the law requires.',
      ],
    },
    {
      heading: 'Ratkaisu’s obligations',
      paragraphs: ['Ratkaisu will:'],
      items: [
        'process personal data only on the Customer’s documented instructions, unless Union or Finnish law requires otherwise, and inform the Customer if an instruction appears to infringe data protection law;',
        'ensure that persons authorised to process the data are bound by confidentiality;',
        'implement the technical and organisational measures required by Article 32 GDPR;',
        'assist the Customer in responding to requests from data subjects exercising their rights;',
        'assist the Customer with security, breach notification, data protection impact assessments and prior consultation, taking into account the information available to Ratkaisu;',
        'make available the information needed to demonstrate compliance with Article 28 GDPR.',
      ],
    },
    {
      heading: 'Security measures',
      paragraphs: [
        'Ratkaisu protects personal data with measures that include encryption in transit and at rest, separation of customer organisations, role-based access control, strong password hashing, two-factor authentication, session time-outs, audit logging, regular back-ups and hosting in data centres within the European Union.',
      ],
    },
    {
      heading: 'AI processing',
      paragraphs: [
        'Case documents are sent to the Microsoft Azure OpenAI Service in a data centre within the European Union only to draft claim applications and to generate decisions. Prompts and outputs are processed under Microsoft’s enterprise data protection terms and are not used to train AI models. AI processing is carried out on the Customer’s instruction when a user starts a claim or decision generation.',
      ],
    },
    {
      heading: 'Sub-processors',
      paragraphs: [
        'The Customer gives Ratkaisu a general authorisation to engage sub-processors. Ratkaisu currently uses:',
        'Ratkaisu binds each sub-processor to data protection obligations no less protective than those in this DPA and remains responsible for their performance. Ratkaisu informs the Customer of any intended addition or replacement of a sub-processor in advance, and the Customer may object on reasonable data protection grounds. If the parties cannot agree, the Customer may stop using the Service.',
      ],
      items: [
        'Microsoft Azure (Microsoft Corporation and its affiliates) — hosting, storage and database services, and the Azure OpenAI Service, in data centres within the European Union;',
        'an email delivery provider — sending account and case notifications by email.',
      ],
    },
    {
      heading: 'International transfers',
      paragraphs: [
        'Personal data is stored and processed within the European Union or the European Economic Area. If personal data is nevertheless transferred outside it, for example for support by a sub-processor, Ratkaisu ensures that the transfer complies with Chapter V of the GDPR, such as by using the European Commission’s standard contractual clauses or an adequacy decision.',
      ],
    },
    {
      heading: 'Personal data breaches',
      paragraphs: [
        'Ratkaisu notifies the Customer without undue delay, and in any case within 72 hours, after becoming aware of a personal data breach affecting the Customer’s personal data. The notice describes the nature of the breach, the categories and approximate number of data subjects and records concerned, its likely consequences and the measures taken or proposed, and names a contact person. Where not all information is available at once, it is provided in phases.',
      ],
    },
    {
      heading: 'Audits',
      paragraphs: [
        'Ratkaisu provides the Customer, on request, with the information needed to demonstrate compliance with this DPA. The Customer or an auditor bound by confidentiality may carry out an audit with reasonable advance notice, no more than once a year unless a breach or an authority requires otherwise. Each party bears its own audit costs.',
      ],
    },
    {
      heading: 'Retention, deletion and return',
      paragraphs: [
        'Case material is kept for the duration of the case and thereafter for as long as is needed for the parties to comply with and enforce the decision, or as the law requires. When the Customer stops using the Service, Ratkaisu deletes or returns the Customer’s personal data at the Customer’s choice, unless Union or Finnish law requires it to be kept. Back-up copies are deleted in the ordinary back-up cycle.',
        'The Customer sets the retention period of its finished cases (15 years by default, at least 6); the Service warns the parties’ representatives 90 days before and then deletes the case’s data, keeping a short record of the case and the audit log. The Customer’s administrator can place a case under a legal hold with a reason, which stops the deletion until it is lifted.',
        'At the end of the contract, Ratkaisu first returns the Customer’s data on request as one export file: every case, document, decision, award and audit log entry, with a manifest of the SHA-256 of every file. The Customer’s data is deleted only once no case is open; Ratkaisu then issues a certificate of deletion stating what was deleted, the export given and what is kept and why. Kept are the audit log for its retention period and the originals of issued awards, corrections, decisions on requests, accepted decisions and receipts, which are held in write-once storage that cannot be altered or deleted until their 15-year retention ends, after which they are deleted.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'Each party’s liability under this DPA is subject to the limitation of liability in the Terms of Service — the fees paid in the 6 months before the event giving rise to the liability — except where Article 82 GDPR or other mandatory law provides otherwise.',
      ],
    },
    {
      heading: 'Term, governing law and disputes',
      paragraphs: [
        'This DPA applies for as long as Ratkaisu processes personal data on the Customer’s behalf. It is governed by the laws of Finland, and disputes are settled by the Helsinki District Court. If this DPA conflicts with the Terms of Service on the processing of personal data, this DPA prevails.',
        CONTACT,
      ],
    },
  ],
} as const satisfies LegalDocument;

const cookiePolicy = {
  title: 'Cookie Policy',
  effective: 'Effective 14 September 2024',
  summary:
    'Ratkaisu uses no tracking, analytics or advertising cookies. It stores only the information that is strictly necessary to keep you signed in and to remember your settings, in your browser’s own storage.',
  sections: [
    {
      heading: 'Scope',
      paragraphs: [
        `This Cookie Policy explains how ${OPERATOR} stores information in your browser when you use the Service, and why.`,
      ],
    },
    {
      heading: 'What we store',
      paragraphs: [
        'Ratkaisu does not set cookies for tracking, analytics, profiling or advertising, and does not load third-party tracking scripts. The application uses your browser’s web storage only for the following strictly necessary purposes:',
      ],
      items: [
        'Session storage — your sign-in: the session token of a username and password sign-in, and the sign-in data (identity cache) of a work-account sign-in. Session storage is deleted when you close the browser tab or sign out.',
        'Local storage — your settings: the decision settings you save (instructions, chapter prompts, temperature and top_p) and display preferences, such as which document sections of a case are open. Local storage stays on your device until you reset the settings or clear your browser’s data.',
      ],
    },
    {
      heading: 'Sign-in with a work account',
      paragraphs: [
        'When you sign in with a work account, the sign-in window is served by Microsoft. Microsoft may set its own cookies in that window under its own domain to authenticate you; they are governed by Microsoft’s privacy statement, not by this policy.',
      ],
    },
    {
      heading: 'Legal basis',
      paragraphs: [
        'Storing information that is strictly necessary to provide a service you have requested does not require consent under section 205 of the Finnish Act on Electronic Communications Services (917/2014) and Article 5(3) of the ePrivacy Directive. For this reason the Service does not show a cookie consent banner. If we ever add storage that is not strictly necessary, we will ask for your consent first and update this policy.',
      ],
    },
    {
      heading: 'Managing stored information',
      paragraphs: [
        'You can delete the stored information at any time by signing out, by using Reset in the decision settings, or by clearing your browser’s site data. If you block web storage, you may have to sign in again on every page load and your settings will not be remembered.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We update this policy when the information we store changes, and show the new effective date at the top of the page.',
        CONTACT,
      ],
    },
  ],
} as const satisfies LegalDocument;

const eula = {
  title: 'End User License Agreement',
  effective: 'Effective 14 September 2024',
  summary:
    'This agreement gives you the right to use the Ratkaisu application and sets out what you may and may not do with it.',
  sections: [
    {
      heading: 'Agreement',
      paragraphs: [
        `This End User License Agreement (“EULA”) is an agreement between you and ${OPERATOR} for the use of the Ratkaisu web application and its documentation (the “Application”). It supplements the Terms of Service. By using the Application you accept this EULA.`,
        'You must be at least 18 years old to use the Application.',
      ],
    },
    {
      heading: 'Licence',
      paragraphs: [
        'Ratkaisu grants you a limited, non-exclusive, non-transferable and revocable licence to access and use the Application through a web browser, for the purpose of resolving and managing commercial disputes in accordance with the Terms of Service.',
      ],
    },
    {
      heading: 'Restrictions',
      paragraphs: ['You must not, and must not allow anyone else to:'],
      items: [
        'copy, modify, translate or create derivative works of the Application;',
        'decompile, disassemble or reverse engineer the Application, except to the extent mandatory law expressly permits it;',
        'sell, rent, lend, sublicense or otherwise make the Application available to third parties;',
        'circumvent access controls, rate limits or other security measures, or test the Application’s vulnerability without our written permission;',
        'use automated means to access the Application other than through the interfaces we provide;',
        'use the Application in breach of law or of the Terms of Service.',
      ],
    },
    {
      heading: 'Ownership',
      paragraphs: [
        'The Application is licensed, not sold. Ratkaisu and its licensors keep all rights, title and interest in the Application, including all intellectual property rights. Third-party open-source components are licensed under their own licences, which prevail for those components.',
      ],
    },
    {
      heading: 'Your content and AI output',
      paragraphs: [
        'You keep your rights in the documents you upload. Claim drafts that the Application generates for you may be used by you freely in your dispute. You are responsible for reviewing AI-generated content before relying on it; it can contain errors and is not legal advice.',
      ],
    },
    {
      heading: 'Updates',
      paragraphs: [
        'We update the Application from time to time to improve it, to fix errors and to keep it secure. Updates take effect automatically when you next load the Application, and this EULA applies to them.',
      ],
    },
    {
      heading: 'Term and termination',
      paragraphs: [
        'This EULA is in force while you use the Application. Your licence ends automatically if you breach this EULA or if your account is closed under the Terms of Service.',
      ],
    },
    {
      heading: 'Disclaimer',
      paragraphs: [
        'To the extent permitted by law, the Application is provided “as is” and “as available”. We do not warrant that it is free of errors or that it will operate without interruption.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'Ratkaisu’s total liability under this EULA is limited to the fees you have paid to Ratkaisu during the 6 months before the event that gave rise to the liability. Ratkaisu is not liable for indirect or consequential loss. These limitations do not apply to loss caused intentionally or through gross negligence, nor where mandatory law does not allow liability to be limited.',
      ],
    },
    {
      heading: 'Governing law and disputes',
      paragraphs: [
        'This EULA is governed by the laws of Finland. Disputes arising from it are settled by the Helsinki District Court.',
        CONTACT,
      ],
    },
  ],
} as const satisfies LegalDocument;

const privacyPolicy = {
  title: 'Privacy Policy',
  effective: 'Effective 14 September 2024',
  summary:
    'This policy explains what personal data Ratkaisu processes, why, for how long, who receives it — including AI processing in Microsoft Azure OpenAI within the EU — and the rights you have under the GDPR.',
  sections: [
    {
      heading: 'Controller',
      paragraphs: [
        `The controller of the personal data described in this policy is ${OPERATOR}. ${CONTACT}`,
        'For personal data contained in the material of a case — such as the documents you upload — the organisation you represent is usually the controller and Ratkaisu acts as its processor under our Data Processing Agreement.',
      ],
    },
    {
      heading: 'Personal data we process',
      paragraphs: ['Depending on how you use the Service, we process:'],
      items: [
        'Account data: your username, name, email address, date of joining, whether your email is confirmed, your organisation (tenant) and your role; for work accounts, the identifiers issued by your organisation’s Microsoft Entra ID.',
        'Authentication data: a one-way hash of your password, the encrypted secret of your two-factor authentication, and whether you have accepted the Terms of Service.',
        'Session and security data: the date of each sign-in, IP address, device (browser user agent) and the country derived from the IP address, and audit log entries of sign-ins, account changes and administrative actions.',
        'Case data: case names and descriptions, the names, business identity or personal identity codes, addresses and representative email addresses of the parties, and deadlines and status of each phase.',
        'Documents: the PDF files uploaded in cases, in the claim generator and in the anonymous decision generator, and all personal data they contain.',
        'AI output: claim applications drafted and decisions generated by AI, and the decision settings used.',
        'Communications: emails we send you, such as email confirmation and password reset messages, and the notices of your cases shown in your account. Case emails, and the email saying your copy of your data is ready, go through our outbox: we keep its record (recipient, subject, dates, delivery status) for 90 days, and its text only until it is delivered. Each case email also leaves a notice with the same content in your account. Emails with a one-time link (email confirmation, password reset, invitation) are not recorded.',
      ],
    },
    {
      heading: 'Purposes and legal bases',
      paragraphs: ['We process personal data for the following purposes:'],
      items: [
        'to provide the Service and conduct the arbitration process, including AI processing of documents — performance of a contract (Article 6(1)(b) GDPR) and, for case material, on the instructions of the controlling organisation;',
        'to keep the Service and accounts secure, prevent misuse and keep audit logs — our legitimate interest in protecting the Service and its users (Article 6(1)(f) GDPR);',
        'to comply with legal obligations, such as accounting and responding to lawful requests of authorities — legal obligation (Article 6(1)(c) GDPR);',
        'to establish, exercise or defend legal claims — our legitimate interest (Article 6(1)(f) GDPR).',
      ],
    },
    {
      heading: 'AI processing and automated decisions',
      paragraphs: [
        'To draft claim applications and generate decisions, the relevant documents and our instructions are processed by large language models in the Microsoft Azure OpenAI Service in a data centre within the European Union. The data is processed under Microsoft’s enterprise data protection terms and is not used to train AI models.',
        'A decision generated by AI in a case is a decision based on automated processing that has legal effects for the parties. It is made because it is necessary for the arbitration agreement between the parties (Article 22(2)(a) GDPR). As safeguards, you may request human oversight, in which case a human arbitrator reviews the case and the decision; you may express your point of view in your submissions; and you may contest the decision to the extent the law allows.',
      ],
    },
    {
      heading: 'Recipients',
      paragraphs: ['We disclose personal data only as needed:'],
      items: [
        'to the other party to your case and its representatives, who see the case data and documents of the case;',
        'to a human arbitrator appointed when human oversight is requested;',
        'to our sub-processors: Microsoft Azure (hosting, storage and Azure OpenAI) and an email delivery provider, under data processing agreements;',
        'to authorities and courts where the law requires it.',
      ],
    },
    {
      heading: 'Where your data is processed',
      paragraphs: [
        'We store and process personal data within the European Union or the European Economic Area. If data is exceptionally transferred outside it, we ensure an adequate level of protection, for example with the European Commission’s standard contractual clauses.',
      ],
    },
    {
      heading: 'Retention',
      paragraphs: ['We keep personal data only for as long as it is needed:'],
      items: [
        'account data for as long as your account exists. When you close your account, your sessions, password hash, two-factor secret, notices and profile are deleted at once, and your email address and IP address are erased from the audit log; what remains is an identifier without your name or contact details, which the case records and the audit log refer to;',
        'case data, documents and decisions for the duration of the case and thereafter for as long as the parties need them to comply with and enforce the decision, or as the law requires, and no longer than needed to establish, exercise or defend legal claims;',
        'in practice, a finished case (final or closed) is kept for the retention period of the organisation that uses the Service: 15 years by default, the general period for enforcing an award against a natural person, never less than 6 years, and never less than the write-once protection of its issued awards (below). The representatives of the parties are told by email and in the account 90 days before its data is deleted, so they can download what they need. Then its documents, work files, drafts and decisions are deleted; what remains is a short record (case number, the parties’ names and business IDs, how it ended, the dates and the SHA-256 of each issued award) and the audit log. An administrator can put a case under a legal hold, with a reason, for example when the nullity of an award is claimed or enforcement is still under way; a case under a legal hold is not deleted until the hold is lifted, and both are recorded;',
        'the originals of issued awards, corrections, decisions on requests, accepted decisions and receipts are also kept in write-once storage, where nobody can change or delete them for 15 years from when they were made;',
        'documents uploaded to the anonymous decision generator only for as long as is needed to generate and deliver the decision;',
        'session records while the session is active and thereafter as security logs for a limited period; audit log entries are kept as a tamper-evident chain, and the personal details in them are erased when you close your account;',
        'awards, decisions and corrections once issued, with their signatures, even after your account is closed: the parties need them to enforce the decision, and the nullity of an award can be invoked without a time limit; so are the case records of your cases (the other party and the tribunal still need them, until the case’s retention ends), the audit log with your personal details erased, and accounting records;',
        'accounting records for the period required by the Finnish Accounting Act.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: ['Under the GDPR you have the right to:'],
      items: [
        'access your personal data and receive a copy of it: under Account → Your data you can download, at any time, a ZIP file with your account, sessions and sign-ins, notices, the emails recorded in our outbox for your address, the audit log entries about you and, for each of your cases, the case record, your side’s documents and work files and the decisions both sides can see, with a manifest of every file’s SHA-256; the link works for 72 hours and only for you;',
        'have inaccurate data rectified and incomplete data completed;',
        'have your data erased, where there is no longer a legal basis to keep it: under Account → Your data you can close your account, as described under Retention. While you represent a party or sit as an arbitrator in an open case, the account can be closed only after you have been replaced. An arbitrator’s private signing key is destroyed on closing, and the awards signed before stay valid;',
        'restrict processing and object to processing based on our legitimate interests;',
        'receive data you have provided in a machine-readable format and have it transmitted to another controller: the copy above is in JSON and PDF files;',
        'obtain human intervention in a decision based on automated processing, express your point of view and contest the decision;',
        'lodge a complaint with the supervisory authority, the Office of the Data Protection Ombudsman in Finland (tietosuoja.fi).',
      ],
    },
    {
      heading: 'Exercising your rights',
      paragraphs: [
        'You can download a copy of your data and close your account yourself under Account → Your data. For any other request, or if you cannot sign in, send it through the contact details in this policy: we may ask you to confirm your identity, our administrator can make the same copy for you (the request, its reason and each download are recorded), and we answer within one month. Where your request concerns case material controlled by the organisation you represent, we forward it to that organisation or assist it in answering.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'We protect personal data with encryption in transit and at rest, strong password hashing, two-factor authentication, session time-outs, role-based access control, separation of customer organisations and audit logging.',
      ],
    },
    {
      heading: 'Personal data breaches',
      paragraphs: [
        'If a personal data breach occurs, we notify the Office of the Data Protection Ombudsman within 72 hours of becoming aware of it where the law requires, and we notify affected users within 72 hours.',
      ],
    },
    {
      heading: 'Age limit',
      paragraphs: [
        'The Service is intended only for persons aged 18 or older. We do not knowingly process personal data of children.',
      ],
    },
    {
      heading: 'Cookies and browser storage',
      paragraphs: [
        'We use no tracking cookies. The Service stores only strictly necessary information in your browser’s session and local storage, as explained in our Cookie Policy.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We update this policy when our processing changes, and we inform users of material changes in the Service. The effective date at the top shows when the policy was last changed.',
      ],
    },
  ],
} as const satisfies LegalDocument;

/**
 * The documents themselves, imported only by the legal pages (a lazily loaded route), so the sign-in page's
 * first load does not carry some 40 KB of legal text.
 */
export const legalDocuments = { termsOfService, compliancePolicy, dpa, cookiePolicy, eula, privacyPolicy } as const;
