import type { RefusalTexts } from '@ratkaisu/core';

/**
 * The server's refusals in Finnish, keyed by their reason (core refusals.ts holds the English; docs/architecture.md
 * "Errors"). Same `{{param}}` placeholders as the English; `…Bytes` parameters arrive formatted ("25 Mt").
 */
export const fiRefusals: RefusalTexts = {
  general: {
    notFound: 'Ei löytynyt.',
    noAccess: 'Sinulla ei ole oikeutta tähän.',
    signInRequired: 'Kirjaudu sisään.',
    changedMeanwhile: 'Joku muu muutti tätä samaan aikaan. Lataa sivu uudelleen ja yritä uudestaan.',
    requestTooLarge: 'Pyyntö on suurempi kuin sallittu {{limitBytes}}.',
    invalidRequest: 'Pyyntö ei ole kelvollinen.',
    internal: 'Tapahtui odottamaton virhe. Yritä myöhemmin uudelleen.',
    unavailable: 'Palvelu ei ole juuri nyt käytettävissä. Yritä hetken kuluttua uudelleen.',
    starting: 'Palvelu käynnistyy tai ei ole käytettävissä. Yritä hetken kuluttua uudelleen.',
  },
  accounts: {
    wrongCredentials: 'Käyttäjätunnus tai salasana on väärin.',
    emailNotConfirmed: 'Vahvista sähköpostiosoitteesi ennen kirjautumista. Vahvistuslinkki on lähetetty sähköpostiisi.',
    accountInactive: 'Tämä tili ei ole käytössä. Ota yhteyttä tukeen.',
    accessInactive: 'Tilisi ei ole käytössä.',
    tfaCodeRequired: 'Anna todennussovelluksesi kuusinumeroinen koodi.',
    tfaCodeWrong: 'Kaksivaiheisen tunnistautumisen koodi on väärin tai jo käytetty.',
    tooManySignIns: 'Liian monta kirjautumisyritystä. Odota hetki ja yritä uudelleen.',
    sessionEnded: 'Istuntosi on päättynyt. Kirjaudu uudelleen sisään.',
    notRemembered: 'Et ole kirjautuneena tällä laitteella. Kirjaudu sisään.',
    sessionNotFound: 'Istuntoa ei löytynyt. Se on ehkä jo päättynyt.',
    tfaAlreadyEnabled: 'Kaksivaiheinen tunnistautuminen on jo käytössä, joten avainta ei voi enää näyttää.',
    tfaPasswordAccountsOnly: 'Kaksivaiheinen tunnistautuminen koskee tilejä, joille kirjaudutaan salasanalla.',
    tfaNoKey: 'Hae ensin kaksivaiheisen tunnistautumisen avain ja anna sitten todennussovelluksesi koodi.',
    tfaCodeNotValid: 'Kaksivaiheisen tunnistautumisen koodi ei kelpaa.',
    tfaCodeNeeded: 'Anna todennussovelluksesi koodi.',
    wrongCurrentPassword: 'Nykyinen salasana on väärin.',
    noLocalPassword: 'Tälle tilille kirjaudutaan työtilillä, eikä sillä ole täällä salasanaa.',
    recoveryNeedsTfa: 'Varakoodit kuuluvat kaksivaiheiseen tunnistautumiseen: ota se ensin käyttöön.',
    recoveryWrongPassword: 'Salasana on väärin.',
    recoveryCodeWrong: 'Koodi on väärin tai jo käytetty.',
    recoveryCodeNeeded: 'Anna todennussovelluksesi kuusinumeroinen koodi tai jokin varakoodeistasi.',
    usernameTaken: 'Käyttäjätunnus on jo varattu. Valitse toinen.',
    invitationEmailMismatch:
      'Tämä kutsu lähetettiin toiseen sähköpostiosoitteeseen. Rekisteröidy osoitteella, johon kutsu lähetettiin, tai pyydä kutsun lähettänyttä asianosaista merkitsemään osoitteesi asiaan.',
    confirmationMailFailed: 'Vahvistusviestiä ei voitu lähettää. Yritä myöhemmin uudelleen.',
    confirmLinkInvalid: 'Vahvistuslinkki ei kelpaa tai on vanhentunut.',
    resetLinkInvalid: 'Salasanan vaihtolinkki ei kelpaa tai on vanhentunut.',
    invitationNotFound:
      'Kutsulinkki ei kelpaa. Avaa linkki kutsuviestistä täsmälleen sellaisena kuin se lähetettiin tai pyydä kutsujaa lähettämään se uudelleen. Jos sinulla on jo tili, kirjaudu sisään: asia näkyy etusivullasi.',
    invitationExpired:
      'Kutsulinkki on vanhentunut. Pyydä kutsujaa lähettämään asia uudelleen. Jos sinulla on jo tili, kirjaudu sisään: asia näkyy etusivullasi.',
    passwordTooShort: 'Salasanassa on oltava vähintään 8 merkkiä.',
    passwordTooLong: 'Salasanassa saa olla enintään 256 merkkiä.',
    passwordCommon:
      'Salasana on liian yleinen: se esiintyy vuodettujen salasanojen luetteloissa. Valitse pidempi ja vaikeammin arvattava.',
    passwordContainsName: 'Salasana ei saa sisältää käyttäjätunnustasi tai sähköpostiosoitettasi.',
  },
  cases: {
    notFound: 'Asiaa ei löytynyt.',
    final:
      'Asia on lopullisesti ratkaistu: lopputulosta ei voi enää muuttaa. Vain pyynnön tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta (välimiesmenettelylaki 38–39 §) voi vielä tehdä.',
    idTaken: 'Asia tällä tunnisteella on jo olemassa.',
    busy: 'Muut muuttivat asiaa monta kertaa samaan aikaan. Yritä uudelleen.',
    noAttachments: 'Nykyisessä vaiheessa ei ole liitteitä',
    ended: 'Asia on jo siirtynyt ratkaisuvaiheeseen.',
    phaseChanged: 'Joku muu siirsi asian eteenpäin samaan aikaan. Lataa asia uudelleen ja yritä uudestaan.',
    phaseLocked: 'Tämä vaihe on suljettu: sen tiedostoja ei voi enää muuttaa.',
    amountClaimantOnly: 'Vain kantaja voi asettaa riidan kohteen arvon.',
    claimantOnlyClaim: 'Vain kantajan puoli voi laatia kanteen.',
    claimDraftGone: 'Kanteen luonnostyö ei ole enää saatavilla. Laadi kanne uudelleen.',
    jobNotFound: 'Työtä ei löytynyt.',
    jobNotFinished: 'Työ ei ole vielä valmis.',
    decisionNotOpened:
      'Avaa tämä ratkaisun versio ennen kuin hyväksyt sen: voit hyväksyä vain version, jonka olet lukenut.',
    decisionNotLatest: 'Ratkaisusta on uudempi versio: vain viimeisimmän version voi hyväksyä.',
    decisionGenerating: 'Ratkaisusta laaditaan uutta versiota: odota sitä ennen kuin hyväksyt.',
    decisionNoResolutionPhase: 'Ratkaisun voi laatia, kun asia on edennyt ratkaisuvaiheeseen.',
    decisionAlreadyGenerating: 'Asian ratkaisua laaditaan jo.',
    amountFixed:
      'Riidan kohteen arvoa voi muuttaa vain siihen asti, kun kanne lähetetään ensimmäisen kerran ja sen käsittelymaksu määrätään.',
  },
  uploads: {
    onlyPdf: 'Vain PDF-tiedostot ovat sallittuja',
    activeContent:
      'PDF-tiedostoja, joissa on aktiivista sisältöä (JavaScript, automaattiset tai käynnistystoiminnot, upotetut tiedostot), ei hyväksytä. Tulosta asiakirja uudeksi PDF:ksi ja lisää se: {{names}}',
    damaged: 'Vioittunut, ei avaudu PDF-tiedostona: {{names}}',
    duplicateNames: 'Samanniminen tiedosto on jo olemassa: {{names}}',
    failed: 'Tiedostojen lisäämisessä tapahtui virhe. Yritä uudelleen.',
    tooLarge: 'Tiedostot ovat yhteensä suuremmat kuin sallittu {{limitBytes}}.',
    noFiles: 'Valitse vähintään yksi lisättävä PDF-tiedosto.',
    phaseFull: 'Vaiheessa voi olla enintään {{maxFiles}} tiedostoa.',
    workFilesFull: 'Kumpikin puoli voi pitää asiassa enintään {{maxFiles}} työtiedostoa.',
    fileNameTooLong: 'Tiedostonimessä voi olla enintään {{maxLength}} merkkiä.',
    fileNotFound: 'Tiedostoa ei löytynyt.',
    anonymousTooMany: 'Kerralla voi lähettää enintään {{maxFiles}} tiedostoa.',
    anonymousTooLarge: 'Asiakirjojen yhteiskoko ylittää 20 Mt.',
    anonymousNoFiles: 'Valitse vähintään yksi PDF-tiedosto.',
    anonymousRateLimited: 'Tästä osoitteesta on pyydetty liian monta ratkaisua. Yritä myöhemmin uudelleen.',
  },
  tribunal: {
    alreadyRequested: 'Asiaan on jo pyydetty välimies.',
    notRequested: 'Asiaan ei ole pyydetty välimiestä.',
    alreadyAppointed: 'Asialla on jo välimiesoikeus.',
    notArbitrator: 'Välimieheksi voi nimetä vain käyttäjän, jolla on asian organisaation välimiesominaisuus.',
    partyCannotSit: 'Asianosaisen edustaja ei voi toimia välimiehenä samassa asiassa.',
    notAppointed: 'Sinua ei ole nimetty tähän asiaan.',
    alreadyResponded: 'Olet jo vastannut tähän nimeämiseen.',
    disclosureRequired: 'Kuvaa ilmoittamasi seikat tai ilmoita, ettei niitä ole.',
    tribunalOnly:
      'Asialla on välimiesoikeus: vain sen jäsenet voivat asettaa ratkaisun asetukset sekä laatia ratkaisun tai keskeyttää sen laatimisen.',
    arbitratorCannotAct:
      'Välimiehet lukevat asianosaisten asiakirjat, mutta eivät voi lisätä tai poistaa tiedostoja, lähettää vaiheita tai päättää menettelyä.',
    tribunalNotConstituted:
      'Välimiesoikeutta ei ole vielä asetettu: jokaisen nimetyn välimiehen on ensin hyväksyttävä tehtävä.',
    awardNotFound: 'Välitystuomiota ei löytynyt.',
    staleVersion:
      'Joku muu tallensi tästä luonnoksesta uudemman version sillä välin. Tekstisi on tallessa näytöllä: vertaa sitä uudempaan versioon ja tallenna uudelleen.',
    notDraft: 'Välitystuomio on jo hyväksytty, eikä sitä voi enää muokata.',
    chairOnly: 'Vain puheenjohtaja (tai ainoa välimies) voi hyväksyä välitystuomion.',
    dispositiveRequired:
      'Välitystuomiossa on oltava tuomiolauselma (vähintään yksi määräys) ennen kuin sen voi hyväksyä.',
    dispositiveMismatch:
      'Tuomiolauselma ja luku 6 poikkeavat toisistaan. Käy luetellut erot läpi ja vahvista ne hyväksyäksesi tuomion sellaisenaan, tai korjaa luonnos ensin.',
    notAdopted: 'Välitystuomio on hyväksyttävä ennen kuin sen voi allekirjoittaa.',
    alreadySigned: 'Olet jo allekirjoittanut tämän välitystuomion.',
    notSigningMember: 'Sinut on merkitty jäseneksi, joka ei allekirjoita tätä välitystuomiota.',
    reauthRequired:
      'Allekirjoittaminen vaatii salasanasi (ja todennussovelluksen koodin, jos kaksivaiheinen tunnistautuminen on käytössä).',
    reauthFailed: 'Salasana tai todennussovelluksen koodi ei ole oikein.',
    reauthEntra:
      'Työtilillä allekirjoitetaan kirjautumalla uudelleen Microsoftilla: kirjaudu uudelleen ja allekirjoita 5 minuutin kuluessa.',
    pdfSha256Required: 'Avaa ensin allekirjoitettava PDF: allekirjoitus yksilöi tiedoston sen SHA-256-tiivisteellä.',
    pdfChanged:
      'Välitystuomion PDF on muuttunut avaamisesi jälkeen (toinen jäsen on allekirjoittanut): avaa se uudelleen ja allekirjoita näkemäsi.',
    signingFailed: 'Allekirjoitusta ei voitu lisätä PDF:ään. Mitään ei allekirjoitettu; yritä uudelleen.',
    secondFactorRequired:
      'Välimiehen on allekirjoitettava toisella tunnistautumistekijällä: välimieheksi voi nimetä vain käyttäjän, jolla on kaksivaiheinen tunnistautuminen käytössä tai työtili.',
    majorityRequired:
      'Välimiesoikeuden enemmistön on allekirjoitettava; kolmesta jäsenestä enintään yksi voi jättää allekirjoittamatta.',
    acceptOnlyAiDecision:
      'Asianosaiset voivat hyväksyä vain tekoälyn ratkaisuehdotuksen asiassa, jolla ei ole välimiesoikeutta.',
    alreadyAccepted: 'Olet jo hyväksynyt tämän ratkaisun.',
    noDecisionToAccept: 'Hyväksyttävää valmista tekoälyn ratkaisuehdotusta ei ole.',
    noSuchChapter: 'Luonnoksessa ei ole tällaista lukua.',
    regenerateUnavailable: 'Tämän luonnoksen laatimista ei voi enää toistaa: laadi sen sijaan uusi luonnos.',
    regenerated:
      'Luku kirjoitettiin uudelleen, mutta luonnos muuttui sillä välin, joten sitä ei tallennettu. Pyydä uudelleen.',
    claimsNotConfirmed:
      'Asianosaisten on ensin vahvistettava tai korjattava tiivistelmä vaatimuksistaan. Jos jatkat ilman asianosaisen vastausta, kerro syy.',
    noClaimsSummary: 'Välimiesoikeus ei ole vielä koonnut tiivistelmää asianosaisten vaatimuksista.',
    notYourSide: 'Voit vahvistaa tai korjata vain oman puolesi vaatimusten tiivistelmän.',
    claimsSummaryOnTribunalCase: 'Vaatimusten tiivistelmä kuuluu asiaan, jolla on välimiesoikeus.',
  },
  constitution: {
    agreementAlreadyAccepted: 'Puolesi on jo hyväksynyt välityssopimuksen.',
    agreementPartiesOnly: 'Vain asianosaisen edustaja voi hyväksyä välityssopimuksen.',
    agreementMissing:
      'Molempien asianosaisten on hyväksyttävä asian välityssopimus ennen kuin välimiesoikeus voi hyväksyä välitystuomion.',
    sizeNotPending: 'Vastaustasi odottavaa pyyntöä kolmesta välimiehestä ei ole.',
    sizeOwnRequest: 'Pyyntöön kolmesta välimiehestä vastaa toinen asianosainen.',
    sizePending:
      'Toinen asianosainen ei ole vielä vastannut pyyntöön kolmesta välimiehestä: nimeä, kun se suostuu, kieltäytyy tai määräaika päättyy.',
    sizeMismatch:
      'Nimeä yhtä monta välimiestä kuin asian välimiesoikeuteen kuuluu (yksi välimies, elleivät molemmat asianosaiset sopineet kolmesta).',
    challengePartiesOnly: 'Vain asianosainen voi vastustaa välimiestä.',
    challengeNotSeated: 'Tämä välimies ei kuulu asian välimiesoikeuteen.',
    challengePeriodOver: 'Tämän välimiehen vastustamisen 15 päivän määräaika on päättynyt.',
    challengeAlreadyOpen: 'Tämän välimiehen vastustaminen odottaa jo nimeävän tahon ratkaisua.',
    challengeNotFound: 'Vastustamista ei löytynyt.',
    challengeDecided: 'Tämä vastustaminen on jo ratkaistu.',
    alreadyWaived: 'Puolesi on jo luopunut vastustamasta nykyistä välimiesoikeutta.',
    nothingToWaive: 'Ei hyväksyttyä välimiestä, jonka vastustamisesta voisi luopua.',
    challengeOpen:
      'Välimiehen vastustaminen odottaa nimeävän tahon ratkaisua: välitystuomiota ei voi sillä välin hyväksyä.',
    challengePeriodRunning:
      'Asianosaisten 15 päivän määräaika vastustaa välimiestä ei ole päättynyt, eivätkä molemmat asianosaiset ole luopuneet siitä: välitystuomiota ei voi vielä hyväksyä.',
    notConstituted: 'Välimiesoikeutta ei ole asetettu: välimiehen paikka on avoinna.',
    jurisdictionRequired:
      'Asianosaisen asiakirjoissa on toinen välityslauseke: kirjaa välimiesoikeuden ratkaisu toimivallastaan ennen välitystuomion hyväksymistä.',
    jurisdictionTribunalOnly: 'Vain välimiesoikeuden jäsen voi kirjata sen ratkaisun toimivallasta tai käsittelystä.',
    matterNotFound: 'Vastausta odottavaa tällaista seikkaa ei ole.',
    matterNotYours: 'Tähän seikkaan lausuu vain toinen asianosainen.',
    matterAnswered: 'Tähän seikkaan on jo lausuttu.',
    matterUnanswered:
      'Vaatimusten korjaus tai uusi seikka on annettu toiselle asianosaiselle lausuttavaksi: välimiesoikeus voi laatia luonnoksen, kun se on lausunut tai sen määräaika on päättynyt.',
  },
  corrections: {
    notIssued: 'Välitystuomiota ei ole vielä annettu.',
    partiesOnly: 'Vain asian asianosainen voi tehdä tämän.',
    requestLate:
      'Välitystuomion vastaanottamisesta on kulunut 30 päivää: korjausta, tulkintaa tai lisätuomiota ei voi enää pyytää (välimiesmenettelylaki 38–39 §).',
    requestBeforeReceipt: 'Vahvista, että olet vastaanottanut välitystuomion, ennen kuin pyydät korjausta.',
    requestNotFound: 'Pyyntöä ei löytynyt.',
    notOpen: 'Välimiesoikeus on jo ratkaissut tämän pyynnön.',
    ownRequest: 'Pyyntöön lausuu toinen asianosainen; tämän pyynnön teit sinä.',
    commentLate: 'Tähän pyyntöön lausumiselle asetettu määräaika on päättynyt.',
    commentPeriodOpen:
      'Toisen asianosaisen määräaika lausua on vielä kulumassa; ratkaise sen päätyttyä tai lyhennä määräaikaa.',
    ownInitiativeLate:
      'Välimiesoikeus voi korjata välitystuomion omasta aloitteestaan vain 30 päivän kuluessa tuomiosta (välimiesmenettelylaki 38 §).',
    notACorrection: 'Tämä ei ole korjaus, tulkinta eikä lisätuomio.',
    alreadyReceived: 'Olet jo vahvistanut vastaanottaneesi tämän asiakirjan.',
  },
  // The fee routes (docs/fees.md; the English in core/src/fees/fee-messages.ts).
  fees: {
    paymentRequired: 'Tästä vaiheesta on maksettava maksu ensin: maksa se kortilla tai laskulla.',
    amountInDisputeRequired: 'Anna asian riidan kohteen arvo: maksut määräytyvät sen mukaan.',
    notificationRefused: 'Maksuilmoitusta ei voitu varmentaa.',
    paymentClosed:
      'Tämä maksu on suljettu: sen peruste raukesi tai asia on ratkaistu lopullisesti. Mitään ei ole maksettavana.',
    invoiceNeedsCompany:
      'Lasku lähetetään vain yrityksille: tämän maksun maksajalla ei ole Y-tunnusta. Maksa kortilla.',
    invoicingNotConfigured: 'Laskuja ei voi vielä lähettää: myyjän pankkitiliä ei ole annettu hinnastossa.',
    paymentAlreadyPaid: 'Tämä maksu on jo maksettu.',
    paymentNotPaid: 'Vain maksetun maksun voi hyvittää.',
    creditExceedsPayment: 'Tästä maksusta on hyvitettävissä enintään {{creditableCents}} senttiä.',
    creditNotIssued: 'Hyvityslaskua ei voitu antaa.',
    statementNotCamt054: 'Tiliote ei ole camt.054-muotoinen ilmoitus, jonka palvelu osaa lukea.',
    statementNotXml: 'Lähetä camt.054-tiliote XML-muodossa (Content-Type: application/xml).',
  },
  promoCodes: {
    unknown: 'Tällaista kampanjakoodia ei ole. Tarkista kirjoitusasu.',
    expired: 'Tämä kampanjakoodi ei ole enää voimassa.',
    notYetValid: 'Tämä kampanjakoodi ei ole vielä voimassa.',
    usedUp: 'Tämä kampanjakoodi on jo käytetty niin monta kertaa kuin sen saa käyttää.',
    otherTenant: 'Tämä kampanjakoodi ei ole voimassa organisaatiosi asioissa.',
    notApplicable: 'Kampanjakoodin voi antaa vain avoimeen maksuun ja vain kerran.',
    taken: 'Tämän niminen kampanjakoodi on jo olemassa.',
    notFound: 'Tällaista kampanjakoodia ei ole.',
  },
  tribunalFees: {
    notRequested: 'Asiaan ei ole pyydetty välimiesoikeutta: ennakon osuutta ei ole maksettavana.',
    ownShare: 'Tämä on oma osuutesi: maksa se Maksut-kortilta.',
    notTransferable:
      'Toinen osapuoli ei voi enää maksaa tätä osuutta: se on maksettu, osittain maksettu, laskutettu tai suljettu.',
    noFees: 'Tässä asiassa ei peritä maksuja.',
    shareNotDue:
      'Toisen osapuolen osuus ennakosta ei ole vielä erääntynyt, koska osapuolella ei ole tiliä. Osapuoli voi kirjautua asiaan, tai pyynnön tehnyt osapuoli voi maksaa osuuden.',
    sideInvalid: 'Osapuolen on oltava kantaja tai vastaaja.',
  },
  admin: {
    tenantNotFound: 'Organisaatiota ei löytynyt.',
    userNotFound: 'Käyttäjää ei löytynyt.',
    tenantDomainTaken: 'Organisaatio verkkotunnuksella {{domain}} on jo olemassa.',
    tenantAzureIdTaken: 'Organisaatio Azure-vuokraajatunnuksella {{azureTenantId}} on jo olemassa.',
    defaultTenantUndeletable: 'Oletusorganisaatiota ei voi poistaa.',
    tenantHasOneUser: 'Organisaatiolla on vielä 1 käyttäjä. Siirrä tai poista se ennen organisaation poistamista.',
    tenantHasUsers:
      'Organisaatiolla on vielä {{count}} käyttäjää. Siirrä tai poista heidät ennen organisaation poistamista.',
    ownTenantDeactivation: 'Et voi poistaa käytöstä omaa organisaatiotasi.',
    chosenTenantMissing: 'Valittua organisaatiota ei ole olemassa.',
    userNameTaken: 'Käyttäjätunnus {{userName}} on jo varattu.',
    emailTaken: 'Käyttäjä sähköpostiosoitteella {{email}} on jo olemassa.',
    lastSuperAdmin:
      'Aktiivisessa organisaatiossa on aina oltava vähintään yksi aktiivinen pääkäyttäjä (SuperAdmin). Tee ensin toisesta käyttäjästä pääkäyttäjä.',
    ownSuperAdminRole: 'Et voi poistaa omaa pääkäyttäjän (SuperAdmin) rooliasi.',
    ownDeactivation: 'Et voi poistaa omaa tiliäsi käytöstä.',
    ownDeletion: 'Et voi poistaa omaa tiliäsi.',
    ownTenantInactive: 'Et voi siirtää omaa tiliäsi organisaatioon, joka ei ole käytössä.',
    tenantAdminOtherTenant: 'Organisaation ylläpitäjä voi hallita vain oman organisaationsa käyttäjiä.',
    tenantAdminSuperAdmin: 'Vain pääkäyttäjä (SuperAdmin) voi antaa pääkäyttäjän roolin tai muuttaa pääkäyttäjää.',
    unknownAction: 'Toiminnon on oltava jokin lokiin kirjattavista toiminnoista.',
    superAdminOnlyTenants: 'Vain pääkäyttäjä (SuperAdmin) voi muuttaa organisaatioita.',
    confirmTenantName: 'Vahvista kirjoittamalla organisaation nimi.',
    userChangedMeanwhile: 'Muut muuttivat käyttäjää samaan aikaan. Yritä uudelleen.',
    invitationFailed: 'Kutsuviestiä ei voitu lähettää, joten käyttäjää ei luotu. Yritä myöhemmin uudelleen.',
    emailChangeMailFailed:
      'Vahvistusviestiä ei voitu lähettää uuteen osoitteeseen, joten käyttäjää ei muutettu. Yritä myöhemmin uudelleen.',
  },
  retention: {
    retentionTooShort: 'Asia säilytetään vähintään 6 vuotta.',
    retentionTooLong: 'Asia säilytetään enintään 30 vuotta.',
    reasonRequired: 'Kerro syy (vähintään 10 merkkiä).',
    caseNotFound: 'Asiaa ei löytynyt.',
    alreadyHeld: 'Asia on jo lakisääteisen säilytyksen (legal hold) piirissä.',
    notHeld: 'Asia ei ole lakisääteisen säilytyksen (legal hold) piirissä.',
    tenantHasOpenCase:
      'Organisaatiolla on vielä 1 avoin asia: {{cases}}. Avoimet asiat on saatettava loppuun tai siirrettävä ennen organisaation poistamista.',
    tenantHasOpenCases:
      'Organisaatiolla on vielä {{count}} avointa asiaa: {{cases}}. Avoimet asiat on saatettava loppuun tai siirrettävä ennen organisaation poistamista.',
    tenantHasFinishedCase:
      'Organisaatiolla on vielä 1 päättynyt asia. Vie organisaation tiedot ja päätä sen käyttö, jolloin asia poistetaan ja poistosta annetaan todistus.',
    tenantHasFinishedCases:
      'Organisaatiolla on vielä {{count}} päättynyttä asiaa. Vie organisaation tiedot ja päätä sen käyttö, jolloin asiat poistetaan ja poistosta annetaan todistus.',
    tenantHasHeldCases:
      'Lakisääteisen säilytyksen (legal hold) piirissä olevia asioita ei voi poistaa: {{cases}}. Pura säilytys ensin.',
    certificateNotFound: 'Poistotodistusta ei löytynyt.',
  },
  dataRights: {
    exportNotFound: 'Tätä tietojesi kopiota ei ole tai se on vanhentunut. Pyydä uusi kopio tilisivulta.',
    exportNotReady: 'Tietojesi kopiota laaditaan vielä. Yritä uudelleen, kun se on valmis.',
    tooManyExports: 'Voit pyytää kopion tiedoistasi 3 kertaa päivässä. Yritä uudelleen huomenna.',
    openCases:
      'Tiliäsi ei voi sulkea, kun olet osallisena avoimissa asioissa. Pyydä ensin tilallesi toinen edustaja: {{cases}}.',
    confirmClosure: 'Vahvista, että haluat sulkea tilisi.',
    exportReasonRequired: 'Kerro syy: rekisteröidyn pyyntö, johon tämä kopio vastaa (vähintään 10 merkkiä).',
    exportReasonTooLong: 'Syy saa olla enintään 1000 merkkiä.',
    reauthRequired:
      'Tilin sulkeminen vaatii salasanasi (ja todennussovelluksen koodin, jos kaksivaiheinen tunnistautuminen on käytössä).',
    reauthFailed: 'Salasana tai todennussovelluksen koodi ei ole oikein.',
    reauthEntra:
      'Työtili suljetaan kirjautumalla uudelleen Microsoftilla: kirjaudu uudelleen ja sulje tili 5 minuutin kuluessa.',
    alreadyClosed: 'Tämä tili on suljettu.',
    userNotFound: 'Käyttäjää ei löytynyt.',
  },
  incidents: {
    notFound: 'Tällaista poikkeamaa ei ole.',
    transitionRefused: 'Poikkeama ei voi siirtyä tilasta {{from}} tilaan {{to}}.',
    reasonRequired: 'Poikkeaman sulkeminen tietoturvaloukkaukseen kuulumattomana vaatii perustelun.',
    noNotices: 'Tälle poikkeamalle ei ole valmisteltu ilmoituksia.',
    allSent: 'Kaikki tämän poikkeaman ilmoitukset on lähetetty.',
    notConfirmed: 'Ilmoitusten lähettäminen on vahvistettava.',
  },
  notices: {
    invalidRead: 'Nimeä luetuiksi merkittävät ilmoitukset tai merkitse kaikki.',
    invalidLanguage: 'Kielen on oltava en tai fi.',
  },
  aiUse: {
    describeProblem: 'Kuvaa ongelma vähintään 10 merkillä.',
    outputNotFound: 'Ilmoituksessa nimettyä tekoälyn tuotosta ei löytynyt.',
    retentionTooShort: 'Tekoälyn käyttölokit on säilytettävä vähintään 6 kuukautta.',
    retentionTooLong: 'Tekoälyn käyttölokit voidaan säilyttää enintään 120 kuukautta.',
    monthInvalid: 'Kuukausi on annettava muodossa VVVV-KK (YYYY-MM).',
  },
  outbox: {
    notFound: 'Tällaista viestiä ei ole.',
    notFailed: 'Tämän viestin lähetys ei ole epäonnistunut: se on lähetetty tai sitä yritetään vielä.',
  },
  registration: {
    usernameTooShort: 'Käyttäjätunnuksessa on oltava vähintään 3 merkkiä.',
    usernameTooLong: 'Käyttäjätunnuksessa saa olla enintään 64 merkkiä.',
    usernameCharacters: 'Käyttäjätunnuksessa saa olla vain kirjaimia, numeroita ja merkkejä . _ -',
    emailInvalid: 'Anna kelvollinen sähköpostiosoite.',
    termsRequired: 'Sinun on hyväksyttävä käyttöehdot.',
    returnToInvalid: 'returnTo-arvon on oltava tämän sivuston polku, kuten /case-attachment/…',
    promoCodeTooLong: 'Kampanjakoodissa saa olla enintään 64 merkkiä.',
    fullNameInvalid: 'Anna koko nimesi sellaisena kuin sen kuuluu näkyä asiakirjoissa (2–120 merkkiä, vain kirjaimia).',
  },
  entra: {
    notConfigured: 'Työtilillä kirjautumista ei ole otettu käyttöön.',
    invalid: 'Kirjautumistunniste ei kelpaa.',
    expired: 'Kirjautumistunniste on vanhentunut. Kirjaudu uudelleen.',
    wrongAudience: 'Kirjautumistunnistetta ei ole myönnetty tälle sovellukselle.',
    wrongIssuer: 'Kirjautumistunnistetta ei ole myöntänyt Microsoft Entra ID sen hakemistolle.',
    missingScope: 'Kirjautumistunniste ei anna access_as_user-oikeutta.',
    unknownTenant: 'Organisaatiotasi ei ole rekisteröity Ratkaisuun.',
    inactiveTenant: 'Organisaatiosi pääsy Ratkaisuun ei ole käytössä.',
  },
  fields: {
    required: 'Tämä kenttä on pakollinen.',
    tooShort: 'Pituuden on oltava vähintään {{min}} merkkiä.',
    tooLong: 'Pituus saa olla enintään {{max}} merkkiä.',
    tooSmall: 'Arvon on oltava vähintään {{min}}.',
    tooBig: 'Arvo saa olla enintään {{max}}.',
    notAboveMin: 'Arvon on oltava suurempi kuin {{min}}.',
    notBelowMax: 'Arvon on oltava pienempi kuin {{max}}.',
    tooFew: 'Anna vähintään {{min}}.',
    tooMany: 'Anna enintään {{max}}.',
    notEmail: 'Anna sähköpostiosoite.',
    notDate: 'Anna päivämäärä.',
    badFormat: 'Arvo ei ole odotetussa muodossa.',
    notOneOf: 'Arvon on oltava jokin seuraavista: {{options}}.',
    wrongType: 'Arvo on väärää tyyppiä.',
    unknownFields: 'Pyynnössä ei ole tällaisia kenttiä: {{keys}}.',
    invalid: 'Arvo ei kelpaa.',
  },
};
