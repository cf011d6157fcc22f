import type { Translation } from './catalogue';
import type { enFirstUse } from './en-first-use';

/** Ensikäyttö ja selkokieli (en-first-use.ts) suomeksi. */
export const fiFirstUse: Translation<typeof enFirstUse> = {
  howItWorks: {
    title: 'Näin Ratkaisu toimii',
    intro:
      'Ratkaisu ratkaisee yritysten väliset kaupalliset riidat Suomen lain mukaan, kirjallisesti ja verkossa. Tämä sivu on tarkoitettu asianajajalle tai yrityksen lakimiehelle, joka edustaa yritystä asiassa.',
    phasesHeading: 'Seitsemän vaihetta',
    phasesIntro:
      'Asia etenee seitsemän vaiheen kautta kiinteässä järjestyksessä. Kussakin vaiheessa toinen asianosainen lisää asiakirjansa PDF-tiedostoina ja lähettää ne Tallenna ja lähetä -toiminnolla; vastapuolelle ilmoitetaan sähköpostilla ja etusivulla. Lähetetty vaihe sulkeutuu, eikä sen asiakirjoja voi enää muuttaa.',
    actor: {
      claimant: 'Kantaja',
      respondent: 'Vastaaja',
      both: 'Molemmat asianosaiset',
    },
    phaseText: {
      Claim:
        'Kantaja panee asian vireille, lisää kanteensa ja todisteensa ja lähettää ne. Vastaajan edustaja kutsutaan asiaan sähköpostilla.',
      Response: 'Vastaaja luo tilin kutsun kautta, lisää vastauksensa ja todisteensa ja lähettää ne.',
      ClaimantLetter1: 'Kantaja voi lausua vastauksesta. Jos lisättävää ei ole, se voi päättää kirjelmöinnin.',
      RespondentLetter1: 'Vastaaja voi lausua kantajan lausumasta tai päättää kirjelmöinnin.',
      ClaimantLetter2: 'Kantajan viimeinen lausuma.',
      RespondentLetter2: 'Vastaajan viimeinen lausuma.',
      Resolution:
        'Kirjelmöinti on päättynyt. Kaikista asiakirjoista laaditaan ratkaisu, ja asia päättyy jäljempänä kuvatulla tavalla.',
    },
    deadlinesHeading: 'Määräpäivät',
    deadlines:
      'Kullakin vaiheella on määräpäivä, joka näkyy asian sivulla, etusivulla ja sähköpostissa, joka kertoo vuorosi alkaneen (oletuksena 14 päivää vaiheen alkamisesta). Lähetä asiakirjasi ennen sitä. Asianosainen, jolla ei ole enää lisättävää, voi päättää kirjelmöinnin Päätä menettely -toiminnolla odottamatta viimeisiä lausumia.',
    aiHeading: 'Tekoäly laatii luonnokset, ihmiset päättävät',
    ai: 'Kielimalli laatii luonnoksia: pyynnöstä kanteen asiakirjoistasi ja ratkaisuvaiheessa seitsemänlukuisen perustellun ratkaisun, jossa viitataan asiakirjojen sivuihin. Jokainen viittaus tarkistetaan automaattisesti, ja vahvistamattomat merkitään. Malli vain laatii luonnoksen: se ei ratkaise mitään, elleivät molemmat asianosaiset hyväksy sitä, ja välimies tarkastaa ja muokkaa kaiken, minkä välimiesoikeus hyväksyy.',
    humanHeading: 'Välimies pyynnöstä',
    human:
      'Kumpi tahansa asianosainen voi tekoälyn ratkaisun hyväksymisen sijaan pyytää välimiestä (yksi välimies tai kolmen välimiehen välimiesoikeus). Välimiehet ilmoittavat seikat, jotka voivat antaa aihetta epäillä heidän puolueettomuuttaan, ja asianosainen voi jäävätä välimiehen asian sivulla näkyvässä määräajassa. Välimiesoikeus perehtyy asiaan, käy luonnoksen läpi luku luvulta ja ratkaisee asian.',
    outcomesHeading: 'Mitä kaksi lopputulosta tarkoittavat',
    acceptedHeading: 'Hyväksytty tekoälyn ratkaisu',
    accepted:
      'Kun molemmat asianosaiset hyväksyvät saman version tekoälyn ratkaisusta, se sitoo heitä heidän sopimuksenaan: riita sovitaan näillä ehdoilla. Se ei ole välitystuomio: se ei sellaisenaan ole täytäntöönpanokelpoinen, ja jos asianosainen ei noudata sitä, sopimukseen perustuva kanne on nostettava.',
    awardHeading: 'Välitystuomio',
    award:
      'Välitystuomion hyväksyy ja allekirjoittaa välimiesoikeus välimiesmenettelystä annetun lain (967/1992) mukaisesti. Se on lopullinen ja sitova, ja se voidaan panna täytäntöön kuten tuomio, kun käräjäoikeus on vahvistanut sen täytäntöönpanokelpoiseksi. Se voidaan kumota tai todeta mitättömäksi vain lain kapeilla perusteilla (40–41 §, moitekanne kolmen kuukauden kuluessa); asianosainen voi pyytää korjausta, tulkintaa tai lisätuomiota (38–39 §).',
    afterHeading: 'Lopputuloksen jälkeen',
    after:
      'Lopullista asiaa ei voi muuttaa: asiakirjat, ratkaisut ja välitystuomio pysyvät luettavina ja ladattavina asian sivulla.',
    glossaryLink: 'Ratkaisun käyttämät sanat selitetään sanastossa.',
    startCase: 'Aloita asia',
    backToLogin: 'Takaisin kirjautumissivulle',
  },
  dashboard: {
    emptyHeading: 'Aloita ensimmäinen asiasi',
    emptyIntro: 'Asia etenee näin:',
    step1: 'Anna asialle nimi ja nimeä asianosaiset sekä vastapuolen edustajan sähköpostiosoite.',
    step2: 'Lisää kanteesi ja todisteesi PDF-tiedostoina tai anna tekoälyn laatia niistä kanneluonnos.',
    step3: 'Tallenna ja lähetä: vastapuoli kutsutaan sähköpostilla, ja se vastaa vastausvaiheessa.',
    step4:
      'Lausumien jälkeen laaditaan ratkaisu; hyväksykää se yhdessä tai pyytäkää välimiestä välitystuomiota varten.',
    startCase: 'Aloita asia',
    howItWorks: 'Näin asia etenee',
  },
  invitation: {
    dueHeading: 'Vastauksesi määräpäivä',
    due: '{{date}}',
    noDue: 'Määräpäivä näkyy asian sivulla, kun avaat asian.',
    taskHeading: 'Mitä sinulta pyydetään',
    task1: 'Luo tili kutsutulla osoitteella (tai kirjaudu sisään, jos sinulla on jo tili).',
    task2: 'Lue kanne ja sen asiakirjat asian sivulla.',
    task3:
      'Lisää vastauksesi ja todisteesi PDF-tiedostoina ja lähetä ne Tallenna ja lähetä -toiminnolla ennen määräpäivää.',
    resolved:
      'Tämä asia on jo ratkaistu: mikään ei odota vastaustasi. Avaa asia lukeaksesi sen asiakirjat ja lopputuloksen.',
    taskNote:
      'Asia odottaa vastaustasi. Ratkaisu laaditaan vasta, kun molempia osapuolia on kuultu, ja kumpi tahansa voi silloin pyytää välimiestä.',
    howItWorks: 'Näin asia etenee',
  },
  send: {
    title: 'Lähetetäänkö vaihe {{phase}}?',
    filesHeading: 'Nämä tiedostot lähetetään ({{count}}):',
    toldHeading: 'Kenelle ilmoitetaan',
    inviteRespondent:
      '{{party}} kutsutaan asiaan vastaajana: sähköposti, jossa on linkki asiaan, lähetetään osoitteeseen {{email}}.',
    tellOther: '{{party}} ({{role}}): edustajalle {{who}} ilmoitetaan sähköpostilla ja etusivulla.',
    roleClaimant: 'kantaja',
    roleRespondent: 'vastaaja',
    representative: '{{name}}, {{email}}',
    confirm: 'Lähetä',
    sent_one: 'Lähetetty: {{count}} tiedosto vaiheessa {{phase}}. Asianosaiselle {{party}} on ilmoitettu.',
    sent_other: 'Lähetetty: {{count}} tiedostoa vaiheessa {{phase}}. Asianosaiselle {{party}} on ilmoitettu.',
    sentInvited_one: 'Lähetetty: {{count}} tiedosto. {{party}} on kutsuttu sähköpostilla vastaamaan.',
    sentInvited_other: 'Lähetetty: {{count}} tiedostoa. {{party}} on kutsuttu sähköpostilla vastaamaan.',
    addDocumentFirst: 'Lisää vähintään yksi asiakirja ennen lähettämistä',
  },
  upload: {
    limits:
      'Vain PDF. Enintään {{mb}} Mt yhdellä lisäyskerralla (kaikki tiedostot yhteensä); voit lisätä useita tiedostoja kerralla.',
    tooLarge:
      '{{names}}: yhteensä {{size}} Mt, enemmän kuin yhden lisäyskerran raja {{mb}} Mt. Lisää kerralla vähemmän tai pienempiä tiedostoja.',
    tooLargeOne:
      '{{name}} on {{size}} Mt, enemmän kuin yhden lisäyskerran raja {{mb}} Mt. Pienennä tiedostoa tai jaa se osiin.',
    notPdf_one: '{{names}} ei ole PDF-tiedosto.',
    notPdf_other: '{{names}} eivät ole PDF-tiedostoja.',
  },
  username: {
    checking: 'Tarkistetaan, onko käyttäjätunnus vapaa…',
    available: 'Käyttäjätunnus on vapaa.',
    taken: 'Tämä käyttäjätunnus on jo käytössä. Valitse toinen.',
    checkFailed: 'Käyttäjätunnusta ei voitu tarkistaa nyt; se tarkistetaan uudelleen rekisteröityessäsi.',
  },
};
