import { ARBITRATION_AGREEMENT } from '@ratkaisu/core';
import type { LegalDocument, legalDocuments } from './legal-documents';

/**
 * The six legal texts of Ratkaisu in Finnish, shown on Finnish screens (legal-documents.ts holds the English
 * originals; the structure — sections, lists — is the same, so the pages render either).
 *
 * LAWYER REVIEW: this is a translation made in development and awaits a Finnish lawyer's review before
 * production use (the pages say so above each document). The terms follow the glossary
 * (core/src/i18n/glossary.ts): kanne, välitystuomio, välimiesoikeus, lisätä (upload) / ladata (download).
 * The arbitration clause is quoted from core (tribunal/constitution.ts ARBITRATION_AGREEMENT.fi) word for word.
 */

const OPERATOR =
  'Ratkaisu Oy, suomalainen osakeyhtiö, joka ylläpitää Ratkaisu-palvelua (”Ratkaisu”, ”me” tai ”meidän”)';

/** The operator in the genitive, for "sinun ja … välinen sopimus". */
const OPERATOR_GENITIVE =
  'Ratkaisu Oy:n (suomalainen osakeyhtiö, joka ylläpitää Ratkaisu-palvelua; ”Ratkaisu”, ”me” tai ”meidän”)';

const CONTACT =
  'Meihin saa yhteyden palvelussa näytettävän tukikanavan kautta tai postitse Ratkaisu Oy:lle sen kaupparekisteriin merkittyyn osoitteeseen.';

const termsOfService = {
  title: 'Käyttöehdot',
  effective: 'Voimassa 15.1.2025 alkaen',
  summary:
    'Nämä ehdot koskevat Ratkaisu-palvelun käyttöä. Ratkaisu on tekoälyä hyödyntävä välimiesmenettelypalvelu Suomen lain mukaan ratkaistaville kaupallisille riidoille. Lue ehdot huolellisesti: niissä kerrotaan, miten asiat ratkaistaan, että maksut suoritetaan etukäteen eikä niitä palauteta ja että ratkaisut ovat lopullisia ja sitovia.',
  sections: [
    {
      heading: 'Näistä ehdoista',
      paragraphs: [
        `Nämä käyttöehdot (”ehdot”) ovat sinun ja ${OPERATOR_GENITIVE} välinen sitova sopimus. Ne koskevat Ratkaisu-verkkosovellusta, avointa ratkaisugeneraattoria ja kaikkia niihin liittyviä palveluitamme (yhdessä ”palvelu”).`,
        'Hyväksyt ehdot valitsemalla palvelussa Hyväksy tai käyttämällä palvelua. Jos et hyväksy ehtoja, et saa käyttää palvelua; jos hylkäät ne kirjautuneena, sinut kirjataan ulos.',
        'Jos käytät palvelua yrityksen tai muun yhteisön puolesta, vakuutat, että sinulla on oikeus sitoa yhteisö näihin ehtoihin, ja ”sinä” tarkoittaa tällöin myös tätä yhteisöä.',
        'Tietosuojaseloste, evästekäytäntö, tietojenkäsittelysopimus, loppukäyttäjän lisenssisopimus ja compliance-periaatteet ovat osa näitä ehtoja.',
      ],
    },
    {
      heading: 'Palvelu',
      paragraphs: [
        'Ratkaisu on verkossa toimiva riidanratkaisupalvelu, jossa kaupalliset riidat ratkaistaan välimiesmenettelyssä tekoälyn (AI) avulla. Jokaisen riidan aineelliseen kysymykseen sovelletaan Suomen lakia.',
        'Asia etenee järjestyksessä olevin vaihein: kanne, vastaus, enintään kaksi lausumaa kummaltakin asianosaiselta ja ratkaisu. Kussakin vaiheessa asianosaiset lisäävät asiakirjansa palveluun PDF-tiedostoina. Kun kirjalliset vaiheet ovat päättyneet, tekoälymalli analysoi toimitetun aineiston ja laatii perustellun ratkaisun.',
        'Palvelu voi myös laatia kanteen luonnoksen valitsemistasi asiakirjoista, ja siinä on avoin ratkaisugeneraattori, joka laatii ratkaisuasiakirjan palveluun lisätyistä PDF-tiedostoista ilman käyttäjätiliä. Kanteen luonnos on työasiakirja, joka sinun on tarkistettava; sitä ei toimiteta kenellekään ennen kuin itse tallennat sen asiaan.',
      ],
    },
    {
      heading: 'Käyttöoikeus',
      paragraphs: [
        'Palvelun käyttäjän on oltava vähintään 18-vuotias ja täysivaltainen.',
        'Palvelu on tarkoitettu yritysten ja muiden yhteisöjen välisille kaupallisille riidoille. Voit toimia palvelussa vain kantajan tai vastaajan valtuutettuna edustajana, ja vakuutat, että sinulla on asianosaisen puolesta tarvittava valtuutus panna riita vireille, vastata siihen ja sopia siitä.',
      ],
    },
    {
      heading: 'Käyttäjätilisi',
      paragraphs: [
        'Kirjaudut organisaatiosi työtilillä tai käyttäjätunnuksella ja salasanalla. Sinun on annettava oikeat tiedot, pidettävä tunnuksesi ja kaksivaiheisen tunnistautumisen koodit salassa ja ilmoitettava meille viipymättä, jos epäilet jonkun muun käyttäneen tiliäsi.',
        'Vastaat kaikesta tililläsi tehdystä, kunnes olet ilmoittanut meille luvattomasta käytöstä. Voit tarkastella ja päättää aktiiviset istuntosi tilisi Istunnot-sivulla.',
      ],
    },
    {
      heading: 'Välityssopimus',
      paragraphs: [
        // LAWYER REVIEW: the clause (core tribunal/constitution.ts ARBITRATION_AGREEMENT, versioned) awaits a Finnish
        // arbitration lawyer's review before production use; the award quotes the Finnish text with each acceptance.
        `Kunkin asianosaisen edustaja hyväksyy kussakin asiassa asian sivulla seuraavan välityssopimuksen (versio ${ARBITRATION_AGREEMENT.version}); palvelu tallentaa, minkä version kukin asianosainen on hyväksynyt, milloin ja kuka sen hyväksyi, ja välitystuomio lainaa sen:`,
        `”${ARBITRATION_AGREEMENT.fi}”`,
        `Englanniksi: ”${ARBITRATION_AGREEMENT.en}”`,
        'Riidan aineelliseen kysymykseen sovelletaan Suomen lakia. Jos asianosaisen omissa asiakirjoissa on toinen välityslauseke, välimiesoikeus ratkaisee toimivaltansa ennen välitystuomiota, ja välitystuomiossa mainitaan tämä ratkaisu.',
        'Kunkin asianosaisen on toimitettava asiakirjansa kunkin vaiheen määräpäivään mennessä. Asianosainen, joka ei toimita asiakirjoja ajoissa, voi menettää mahdollisuuden siihen, ja asia voidaan ratkaista käytettävissä olevan aineiston perusteella. Menettely voidaan päättää ennenaikaisesti, minkä jälkeen tiedostoja ei voi enää muuttaa ja asia siirtyy ratkaisuvaiheeseen.',
      ],
    },
    {
      heading: 'Ihmisen suorittama valvonta',
      paragraphs: [
        'Kumpi tahansa asianosainen voi pyytää asiaansa ihmisen suorittamaa valvontaa. Pyynnöstä Ratkaisun nimeämä välimies käy läpi asian aineiston ja tekoälyn laatiman ratkaisun ja voi vahvistaa, muuttaa tai korvata ratkaisun ennen kuin se tulee lopulliseksi.',
        'Pyyntö on tehtävä palvelussa ennen kuin ratkaisu tulee lopulliseksi. Välimiestä sitovat samat puolueettomuus- ja salassapitovelvollisuudet kuin Ratkaisua.',
      ],
    },
    {
      heading: 'Ratkaisut',
      paragraphs: [
        'Ratkaisu perustuu yksinomaan asianosaisten asiassa toimittamiin asiakirjoihin. Siinä esitetään asian tausta, riitaiset kysymykset, näyttö, oikeudellinen arviointi, lopputulos perusteluineen sekä sovelletut säädökset ja ennakkopäätökset.',
        'Palvelussa tehdyt ratkaisut, myös tekoälyn laatimat, ovat asianosaisia sitovia ja lopullisia, paitsi siltä osin kuin sovellettava laki sallii ratkaisun moittimisen, kumoamisen tai mitättömäksi toteamisen. Asianosaiset sitoutuvat noudattamaan ratkaisua viipymättä.',
      ],
    },
    {
      heading: 'Maksut',
      paragraphs: [
        'Palvelun maksut näytetään palvelussa ennen asian alkamista. Maksut suoritetaan ennen menettelyn alkua; asia ei ala ennen kuin maksu on suoritettu.',
        'Maksuja ei palauteta, ei myöskään silloin, kun asia peruutetaan tai päätetään ennenaikaisesti, kun asianosainen ei osallistu menettelyyn tai kun lopputulos ei ole asianosaisen toivoma. Tämä ei rajoita pakottavan lain edellyttämää palautusta.',
      ],
    },
    {
      heading: 'Luottamuksellisuus',
      paragraphs: [
        'Palvelun asiat ovat luottamuksellisia. Käytämme asian asiakirjoja, kirjelmiä ja ratkaisuja vain kyseisen asian käsittelyyn ja palvelun tarjoamiseen, ja luovutamme niitä vain asian asianosaisille, pyynnöstä nimetylle välimiehelle, tietojenkäsittelysopimuksessa kuvatuille alihankkijoillemme sekä viranomaisille lain niin vaatiessa.',
        'Sinun on pidettävä vastapuolen kirjelmät ja ratkaisu luottamuksellisina, paitsi siltä osin kuin se on tarpeen ratkaisun noudattamiseksi tai täytäntöönpanemiseksi, ammatillisen neuvonnan saamiseksi tai lain niin vaatiessa.',
        'Henkilöstöämme ja välimiehiä sitovat kirjalliset salassapitovelvoitteet, jotka ovat voimassa myös toimeksiannon päätyttyä.',
      ],
    },
    {
      heading: 'Velvollisuutesi',
      paragraphs: ['Palvelua käyttäessäsi sinun on'],
      items: [
        'annettava asianosaisista ja riidasta totuudenmukaiset, oikeat ja täydelliset tiedot;',
        'lisättävä palveluun vain PDF-asiakirjoja, joita sinulla on oikeus käyttää riidassa ja joissa ei ole haittaohjelmia;',
        'pidättäydyttävä toimittamasta lainvastaista tai toisten oikeuksia loukkaavaa sisältöä;',
        'pidättäydyttävä yrittämästä päästä luvatta palveluun, muiden käyttäjien asioihin tai järjestelmiimme sekä häiritsemästä palvelun tietoturvaa tai toimintaa;',
        'pidättäydyttävä kopioimasta, takaisinmallintamasta tai jälleenmyymästä palvelua tai käyttämästä sitä kilpailevan palvelun rakentamiseen;',
        'tarkistettava jokainen tekoälyn luonnostelema asiakirja, kuten kanne, ennen kuin luotat siihen tai toimitat sen.',
      ],
    },
    {
      heading: 'Tekoäly',
      paragraphs: [
        'Palvelu käyttää suuria kielimalleja, jotka tarjotaan Microsoft Azure OpenAI -palvelun kautta Euroopan unionin alueella. Mallit toimivat kirjallisten ohjeiden, jotka määrittävät ratkaisun rakenteen, ja asianosaisten toimittamien asiakirjojen pohjalta.',
        'Tekoälyn tuottamassa tekstissä voi olla virheitä tai puutteita. Kanteen luonnokset ja muut tekoälyn avulla laaditut asiakirjat ovat apuvälineitä; ne eivät ole oikeudellista neuvontaa, eikä Ratkaisu ole asianajotoimisto. Asiasi aineistoa ei käytetä tekoälymallien kouluttamiseen.',
      ],
    },
    {
      heading: 'Immateriaalioikeudet',
      paragraphs: [
        'Palvelu, sen ohjelmisto, ulkoasu ja sisältö kuuluvat Ratkaisulle tai sen lisenssinantajille. Sovelluksen käyttöön sovelletaan myös loppukäyttäjän lisenssisopimusta.',
        'Säilytät kaikki oikeudet palveluun lisäämiisi asiakirjoihin. Annat Ratkaisulle ei-yksinomaisen oikeuden tallentaa, kopioida ja käsitellä niitä, myös tekoälyn avulla, siltä osin kuin se on tarpeen palvelun tarjoamiseksi sinulle ja asiasi vastapuolelle.',
      ],
    },
    {
      heading: 'Tietosuoja',
      paragraphs: [
        'Käsittelemme henkilötietoja tietosuojaselosteessamme kuvatulla tavalla. Kun käsittelemme henkilötietoja organisaatiosi lukuun, sovelletaan tietojenkäsittelysopimustamme.',
      ],
    },
    {
      heading: 'Palvelun saatavuus ja muutokset',
      paragraphs: [
        'Pyrimme pitämään palvelun jatkuvasti käytettävissä, mutta emme takaa sen keskeytyksetöntä toimintaa. Voimme tehdä huoltotöitä ja kehittää palvelua sekä muuttaa tai lopettaa toimintoja edellyttäen, että vireillä olevat asiat voidaan saattaa loppuun.',
      ],
    },
    {
      heading: 'Vastuunrajoitus',
      paragraphs: [
        'Kokonaisvastuumme sinulle palvelusta ja näistä ehdoista on rajoitettu määrään, jonka olet maksanut Ratkaisulle vastuun perustaneen tapahtuman edeltäneiden 6 kuukauden aikana.',
        'Emme vastaa välillisistä vahingoista, kuten saamatta jääneestä voitosta, liikevaihdosta, liiketoiminnasta tai liikearvosta, emmekä vahingoista, jotka aiheutuvat asianosaisten toimittamien asiakirjojen sisällöstä.',
        'Rajoitukset eivät koske tahallisesti tai törkeällä huolimattomuudella aiheutettua vahinkoa eivätkä tilanteita, joissa pakottava laki ei salli vastuun rajoittamista.',
      ],
    },
    {
      heading: 'Tietoturvapoikkeamat',
      paragraphs: [
        'Suojaamme palvelua ja tietojasi asianmukaisin teknisin ja organisatorisin toimenpitein. Jos henkilötietojen tietoturvaloukkaus tai muu tietoturvapoikkeama koskee tietojasi tai asiasi aineistoa, ilmoitamme siitä sinulle 72 tunnin kuluessa siitä, kun saimme tiedon, kerromme mitä tapahtui ja mitä teemme asian johdosta sekä mitä voit itse tehdä suojautuaksesi.',
      ],
    },
    {
      heading: 'Käytön keskeyttäminen ja päättyminen',
      paragraphs: [
        'Voit lopettaa palvelun käytön milloin tahansa. Voimme keskeyttää tai sulkea tilin, jota käytetään näiden ehtojen vastaisesti, palvelun tietoturvaa vaarantaen tai lainvastaisesti. Mahdollisuuksien mukaan ilmoitamme asiasta ensin ja annamme tilaisuuden korjata rikkomuksen.',
        'Vireillä olevat asiat käsitellään näiden ehtojen mukaisesti myös tilin sulkemisen jälkeen, ja luottamuksellisuutta, ratkaisuja, maksuja, vastuuta ja sovellettavaa lakia koskevat määräykset ovat voimassa ehtojen päättymisen jälkeenkin.',
      ],
    },
    {
      heading: 'Ehtojen muuttaminen',
      paragraphs: [
        'Voimme päivittää näitä ehtoja. Kerromme olennaisista muutoksista palvelussa ennen niiden voimaantuloa ja pyydämme sinua hyväksymään päivitetyt ehdot; jos hylkäät ne, sinut kirjataan ulos etkä voi jatkaa palvelun käyttöä. Jo vireillä olevat asiat jatkuvat niiden alkaessa voimassa olleiden ehtojen mukaisesti, jollei asianosaisten kesken toisin sovita.',
      ],
    },
    {
      heading: 'Sovellettava laki ja riidanratkaisu',
      paragraphs: [
        'Näihin ehtoihin sovelletaan Suomen lakia lukuun ottamatta sen lainvalintasääntöjä.',
        'Näitä ehtoja tai palvelun käyttöä koskevat riidat, joita ei saada ratkaistua neuvottelemalla, ratkaistaan Helsingin tuomioistuimissa, ensimmäisenä oikeusasteena Helsingin käräjäoikeus. Tämä ei rajoita näiden ehtojen mukaisissa asioissa tehtyjen ratkaisujen lopullisuutta.',
      ],
    },
    {
      heading: 'Yhteystiedot',
      paragraphs: [CONTACT],
    },
  ],
} as const satisfies LegalDocument;

const compliancePolicy = {
  title: 'Compliance-periaatteet',
  effective: 'Voimassa 14.9.2024 alkaen',
  summary:
    'Näissä periaatteissa kuvataan, miten Ratkaisu täyttää oikeudelliset ja eettiset velvoitteensa tekoälyä hyödyntävän välimiesmenettelyn tarjoajana: mitä lakia noudatamme, miten tekoälyä käytetään vastuullisesti ja ihmisen valvonnassa ja miten pidämme asiat luottamuksellisina ja turvassa.',
  sections: [
    {
      heading: 'Tarkoitus ja soveltamisala',
      paragraphs: [
        `Nämä compliance-periaatteet on antanut ${OPERATOR}. Ne koskevat koko Ratkaisun henkilöstöä, toimeksiantamiamme välimiehiä ja palvelun kaikkia osia, myös asian käsittelyä, kanteen laadintaa ja avointa ratkaisugeneraattoria.`,
      ],
    },
    {
      heading: 'Oikeudellinen kehys',
      paragraphs: ['Toimimme Suomen ja Euroopan unionin lainsäädännön mukaisesti, erityisesti noudattaen'],
      items: [
        'lakia välimiesmenettelystä (967/1992) ja välimiesmenettelyn oikeudenmukaisen menettelyn yleisiä periaatteita;',
        'EU:n yleistä tietosuoja-asetusta (EU) 2016/679 (”tietosuoja-asetus”) ja tietosuojalakia (1050/2018);',
        'lakia sähköisen viestinnän palveluista (917/2014), myös sen säännöksiä tietojen tallentamisesta käyttäjän päätelaitteelle;',
        'EU:n tekoälysäädöstä (EU) 2024/1689 sitä mukaa kuin sen velvoitteita aletaan soveltaa;',
        'osakeyhtiölakia, kirjanpitolakia ja suomalaiseen osakeyhtiöön sovellettavaa verolainsäädäntöä.',
      ],
    },
    {
      heading: 'Tekoälyn vastuullinen käyttö',
      paragraphs: [
        'Tekoäly tukee Ratkaisussa sitovia oikeusvaikutuksia tuottavaa menettelyä, joten noudatamme seuraavia periaatteita:',
      ],
      items: [
        'Ihmisen valvonta: kumpi tahansa asianosainen voi pyytää, että välimies käy läpi asian ja tekoälyn laatiman ratkaisun ennen kuin se tulee lopulliseksi.',
        'Läpinäkyvyys: palvelu kertoo käyttäjille, missä tekoälyä käytetään, ja ratkaisuissa esitetään perustelut, näyttö ja sovellettu laki.',
        'Dokumentoidut ohjeet: mallia ohjaavat ohjeet ja lukukohtaiset kehotteet ovat kirjallisia, versioituja ja tarkastettuja; ratkaisut noudattavat kiinteää rakennetta taustasta sovellettuun lakiin.',
        'Tietojen minimointi: malli saa vain asian asiakirjat ja ratkaisemiseen tarvittavat ohjeet; asioiden aineistoa ei käytetä tekoälymallien kouluttamiseen.',
        'Sijainti: tekoälykäsittely tapahtuu Microsoft Azure OpenAI -palvelussa Euroopan unionin alueella.',
        'Laatu: testaamme ohjeiden ja mallien muutokset ennen käyttöönottoa ja seuraamme ratkaisujen laadinnan virheitä.',
      ],
    },
    {
      heading: 'Puolueettomuus ja riippumattomuus',
      paragraphs: [
        'Ratkaisulla ei ole intressiä minkään asian lopputulokseen. Välimiesten on ilmoitettava kaikista seikoista, jotka voivat antaa aihetta perusteltuihin epäilyihin heidän puolueettomuudestaan tai riippumattomuudestaan, eivätkä he saa osallistua asiaan, jossa heillä on eturistiriita.',
        'Maksut eivät riipu asian lopputuloksesta.',
      ],
    },
    {
      heading: 'Luottamuksellisuus ja tietoturva',
      paragraphs: ['Asioiden aineisto on luottamuksellista. Tietoturvatoimenpiteisiimme kuuluvat'],
      items: [
        'pääsy asiaan vain sen asianosaisten valtuutetuille edustajille ja pyynnöstä välimiehelle;',
        'asiakasorganisaatioiden (tenanttien) erottelu ja roolipohjaiset käyttöoikeudet ylläpitäjille;',
        'tietojen salaus siirrossa ja tallennettuna sekä salasanojen tiivistäminen nykyaikaisella muistiintensiivisellä algoritmilla;',
        'kaksivaiheinen tunnistautuminen, istuntojen aikakatkaisut ja käyttäjien mahdollisuus päättää istuntonsa;',
        'kirjautumisten, tilimuutosten ja ylläpitotoimien kirjaaminen lokiin;',
        'palvelun sijoittaminen Microsoft Azuren konesaleihin Euroopan unionin alueella.',
      ],
    },
    {
      heading: 'Tietosuoja',
      paragraphs: [
        'Pidämme selostetta käsittelytoimista, arvioimme uuden käsittelyn riskit (tarvittaessa tietosuojaa koskevan vaikutustenarvioinnin avulla) ja teemme tietojenkäsittelysopimukset asiakkaidemme ja alihankkijoidemme kanssa. Tietosuojaselosteessa ja tietojenkäsittelysopimuksessa käsittely kuvataan yksityiskohtaisesti.',
      ],
    },
    {
      heading: 'Poikkeamien hallinta',
      paragraphs: [
        'Tietoturvapoikkeamat kirjataan, arvioidaan ja rajataan viipymättä. Kun poikkeama on henkilötietojen tietoturvaloukkaus, ilmoitamme siitä tietosuojavaltuutetun toimistolle 72 tunnin kuluessa siitä, kun saimme tiedon, jos laki sitä edellyttää, ja ilmoitamme asianomaisille asiakkaille ja käyttäjille 72 tunnin kuluessa.',
      ],
    },
    {
      heading: 'Käyttäjien velvollisuudet',
      paragraphs: [
        'Käyttäjien on oltava vähintään 18-vuotiaita, toimittava vain edustamansa asianosaisen asianmukaisella valtuutuksella, toimitettava vain lainmukaisia asiakirjoja, joita heillä on oikeus käyttää, ja noudatettava käyttöehtoja. Voimme keskeyttää tilien käytön, jos niitä käytetään näiden periaatteiden vastaisesti.',
      ],
    },
    {
      heading: 'Epäkohdista ilmoittaminen',
      paragraphs: [
        'Kuka tahansa voi ilmoittaa meille epäillystä lain tai näiden periaatteiden rikkomisesta. Ilmoitukset käsitellään luottamuksellisesti, eikä kukaan, joka ilmoittaa epäkohdasta vilpittömässä mielessä, joudu siitä kärsimään.',
      ],
    },
    {
      heading: 'Tarkistaminen',
      paragraphs: [
        'Ratkaisun johto tarkistaa nämä periaatteet vähintään kerran vuodessa ja aina, kun laki tai palvelu muuttuu olennaisesti.',
        CONTACT,
      ],
    },
  ],
} as const satisfies LegalDocument;

const dpa = {
  title: 'Tietojenkäsittelysopimus',
  effective: 'Voimassa 14.9.2024 alkaen',
  summary:
    'Tässä tietojenkäsittelysopimuksessa sovitaan, miten Ratkaisu käsittelee henkilötietoja palvelua käyttävien organisaatioiden lukuun tietosuoja-asetuksen 28 artiklan mukaisesti.',
  sections: [
    {
      heading: 'Osapuolet ja soveltamisala',
      paragraphs: [
        `Tämä tietojenkäsittelysopimus (”sopimus”) on tehty palvelua käyttävän organisaation (”asiakas”) ja ${OPERATOR_GENITIVE} välillä. Se on osa käyttöehtoja, ja sitä sovelletaan aina, kun Ratkaisu käsittelee henkilötietoja asiakkaan lukuun palvelua tarjotessaan.`,
        'Asioiden aineistoon sisältyvien henkilötietojen osalta asiakas on rekisterinpitäjä ja Ratkaisu henkilötietojen käsittelijä. Niiden tietojen osalta, joita Ratkaisu tarvitsee oman liiketoimintansa harjoittamiseen — käyttäjätilit, tietoturvalokit ja laskutus — Ratkaisu on rekisterinpitäjä tietosuojaselosteessa kuvatulla tavalla.',
      ],
    },
    {
      heading: 'Määritelmät',
      paragraphs: [
        'Termeillä ”henkilötiedot”, ”käsittely”, ”rekisterinpitäjä”, ”henkilötietojen käsittelijä”, ”rekisteröity” ja ”henkilötietojen tietoturvaloukkaus” on EU:n yleisessä tietosuoja-asetuksessa (EU) 2016/679 (”tietosuoja-asetus”) määritelty merkitys. ”Alihankkija” tarkoittaa toista henkilötietojen käsittelijää, jonka Ratkaisu käyttää käsittelemään henkilötietoja asiakkaan lukuun.',
      ],
    },
    {
      heading: 'Käsittelyn kohde, luonne, tarkoitus ja kesto',
      paragraphs: [
        'Ratkaisu käsittelee henkilötietoja palvelun tarjoamiseksi: asioiden aineiston tallentamiseksi ja esittämiseksi asianosaisille, välimiesmenettelyn hoitamiseksi, kanteiden luonnostelemiseksi ja ratkaisujen laatimiseksi tekoälyn avulla sekä palvelun tietoturvan ylläpitämiseksi. Käsittely kestää niin kauan kuin asiakas käyttää palvelua ja kunnes tiedot on poistettu tai palautettu tämän sopimuksen mukaisesti.',
      ],
    },
    {
      heading: 'Rekisteröityjen ryhmät',
      paragraphs: ['Henkilötiedot koskevat'],
      items: [
        'asiakkaan käyttäjiä ja edustajia;',
        'kantajan ja vastaajan edustajia, työntekijöitä ja yhteyshenkilöitä;',
        'muita asiassa toimitetuissa asiakirjoissa nimettyjä tai kuvattuja henkilöitä, kuten todistajia.',
      ],
    },
    {
      heading: 'Henkilötietoryhmät',
      paragraphs: ['Käsiteltäviä henkilötietoja ovat'],
      items: [
        'tunniste- ja yhteystiedot: nimet, sähköpostiosoitteet, postiosoitteet, Y-tunnukset ja, jos ne on toimitettu, henkilötunnukset;',
        'palveluun lisättyjen PDF-asiakirjojen sisältö, jonka asiakas määrää ja jossa voi olla kaikenlaisia henkilötietoja;',
        'tekoälyn luonnostelemat kanteet ja tekoälyn laatimat ratkaisut;',
        'tekniset tiedot: kirjautumis- ja istuntotiedot IP-osoitteineen, laitetietoineen (selaimen user agent) ja maineen sekä tapahtumalokin merkinnät.',
      ],
    },
    {
      heading: 'Erityiset henkilötietoryhmät',
      paragraphs: [
        'Palvelua ei ole suunniteltu erityisiin henkilötietoryhmiin kuuluvien tietojen tai rikostuomioita koskevien tietojen käsittelyyn. Jos asiakas toimittaa tällaisia tietoja asian aineistossa, asiakas vastaa siitä, että käsittelylle on laillinen peruste, ja Ratkaisu suojaa ne samoin toimenpitein kuin muunkin aineiston.',
      ],
    },
    {
      heading: 'Asiakkaan ohjeet ja velvollisuudet',
      paragraphs: [
        'Käyttöehdot, tämä sopimus ja asiakkaan tapa käyttää palvelun toimintoja muodostavat asiakkaan täydelliset dokumentoidut ohjeet. Asiakas vastaa toimittamiensa henkilötietojen käsittelyn lainmukaisuudesta ja rekisteröityjen informoinnista lain edellyttämällä tavalla.',
      ],
    },
    {
      heading: 'Ratkaisun velvollisuudet',
      paragraphs: ['Ratkaisu sitoutuu'],
      items: [
        'käsittelemään henkilötietoja vain asiakkaan dokumentoitujen ohjeiden mukaisesti, jollei unionin tai Suomen laki muuta edellytä, ja ilmoittamaan asiakkaalle, jos ohje näyttää rikkovan tietosuojalainsäädäntöä;',
        'varmistamaan, että tietoja käsittelemään valtuutettuja henkilöitä sitoo salassapitovelvollisuus;',
        'toteuttamaan tietosuoja-asetuksen 32 artiklan edellyttämät tekniset ja organisatoriset toimenpiteet;',
        'avustamaan asiakasta vastaamaan rekisteröityjen oikeuksiensa käyttämistä koskeviin pyyntöihin;',
        'avustamaan asiakasta tietoturvassa, tietoturvaloukkauksista ilmoittamisessa, vaikutustenarvioinneissa ja ennakkokuulemisessa ottaen huomioon Ratkaisun käytettävissä olevat tiedot;',
        'antamaan asiakkaan saataville tiedot, joita tarvitaan tietosuoja-asetuksen 28 artiklan noudattamisen osoittamiseen.',
      ],
    },
    {
      heading: 'Tietoturvatoimenpiteet',
      paragraphs: [
        'Ratkaisu suojaa henkilötiedot toimenpitein, joihin kuuluvat salaus siirrossa ja tallennettuna, asiakasorganisaatioiden erottelu, roolipohjainen pääsynhallinta, vahva salasanojen tiivistäminen, kaksivaiheinen tunnistautuminen, istuntojen aikakatkaisut, tapahtumalokit, säännölliset varmuuskopiot ja palvelun sijoittaminen Euroopan unionin alueella oleviin konesaleihin.',
      ],
    },
    {
      heading: 'Tekoälykäsittely',
      paragraphs: [
        'Asioiden asiakirjoja lähetetään Microsoft Azure OpenAI -palveluun Euroopan unionin alueella olevaan konesaliin vain kanteiden luonnostelemiseksi ja ratkaisujen laatimiseksi. Kehotteet ja tuotokset käsitellään Microsoftin yrityskäytön tietosuojaehtojen mukaisesti, eikä niitä käytetä tekoälymallien kouluttamiseen. Tekoälykäsittely tehdään asiakkaan ohjeesta, kun käyttäjä käynnistää kanteen tai ratkaisun laadinnan.',
      ],
    },
    {
      heading: 'Alihankkijat',
      paragraphs: [
        'Asiakas antaa Ratkaisulle yleisen luvan käyttää alihankkijoita. Ratkaisu käyttää tällä hetkellä seuraavia:',
        'Ratkaisu sitoo kunkin alihankkijan tietosuojavelvoitteisiin, jotka suojaavat vähintään yhtä hyvin kuin tämä sopimus, ja vastaa alihankkijoiden toiminnasta. Ratkaisu ilmoittaa asiakkaalle etukäteen aikomastaan alihankkijan lisäämisestä tai vaihtamisesta, ja asiakas voi vastustaa muutosta perustellusta tietosuojaan liittyvästä syystä. Jos osapuolet eivät pääse yksimielisyyteen, asiakas voi lopettaa palvelun käytön.',
      ],
      items: [
        'Microsoft Azure (Microsoft Corporation ja sen konserniyhtiöt) — palvelinympäristö, tallennus- ja tietokantapalvelut sekä Azure OpenAI -palvelu Euroopan unionin alueella olevissa konesaleissa;',
        'sähköpostin välityspalvelu — tili- ja asiailmoitusten lähettäminen sähköpostitse.',
      ],
    },
    {
      heading: 'Siirrot EU:n ulkopuolelle',
      paragraphs: [
        'Henkilötiedot tallennetaan ja käsitellään Euroopan unionin tai Euroopan talousalueen alueella. Jos henkilötietoja kuitenkin siirretään sen ulkopuolelle, esimerkiksi alihankkijan tukipalvelua varten, Ratkaisu varmistaa, että siirto on tietosuoja-asetuksen V luvun mukainen, esimerkiksi Euroopan komission vakiosopimuslausekkeiden tai tietosuojan riittävyyttä koskevan päätöksen perusteella.',
      ],
    },
    {
      heading: 'Henkilötietojen tietoturvaloukkaukset',
      paragraphs: [
        'Ratkaisu ilmoittaa asiakkaalle ilman aiheetonta viivytystä ja joka tapauksessa 72 tunnin kuluessa siitä, kun se on saanut tiedon asiakkaan henkilötietoja koskevasta tietoturvaloukkauksesta. Ilmoituksessa kuvataan loukkauksen luonne, asianomaisten rekisteröityjen ja tietueiden ryhmät ja arvioidut määrät, loukkauksen todennäköiset seuraukset ja toteutetut tai ehdotetut toimenpiteet sekä nimetään yhteyshenkilö. Jos kaikkia tietoja ei ole heti saatavilla, ne annetaan vaiheittain.',
      ],
    },
    {
      heading: 'Auditoinnit',
      paragraphs: [
        'Ratkaisu antaa asiakkaalle pyynnöstä tiedot, joita tarvitaan tämän sopimuksen noudattamisen osoittamiseen. Asiakas tai salassapitovelvollinen tarkastaja voi tehdä auditoinnin kohtuullisella ennakkoilmoituksella enintään kerran vuodessa, jollei tietoturvaloukkaus tai viranomainen muuta edellytä. Kumpikin osapuoli vastaa omista auditointikuluistaan.',
      ],
    },
    {
      heading: 'Säilyttäminen, poistaminen ja palauttaminen',
      paragraphs: [
        'Asian aineistoa säilytetään asian käsittelyn ajan ja sen jälkeen niin kauan kuin asianosaiset tarvitsevat sitä ratkaisun noudattamiseen ja täytäntöönpanoon tai kuin laki edellyttää. Kun asiakas lopettaa palvelun käytön, Ratkaisu poistaa tai palauttaa asiakkaan henkilötiedot asiakkaan valinnan mukaan, jollei unionin tai Suomen laki edellytä niiden säilyttämistä. Varmuuskopiot poistetaan tavanomaisessa varmuuskopiointikierrossa.',
        'Asiakas määrää päättyneiden asioidensa säilytysajan (oletuksena 15 vuotta, vähintään 6); palvelu ilmoittaa osapuolten edustajille 90 päivää etukäteen ja poistaa sitten asian tiedot säilyttäen asiasta lyhyen tietueen ja lokin. Asiakkaan ylläpitäjä voi asettaa asian perusteltuun säilytysvelvoitteeseen (legal hold), joka estää poistamisen, kunnes se puretaan.',
        'Sopimuksen päättyessä Ratkaisu palauttaa ensin pyynnöstä asiakkaan tiedot yhtenä vientitiedostona: jokainen asia, asiakirja, ratkaisu, välitystuomio ja lokimerkintä sekä luettelo jokaisen tiedoston SHA-256-tiivisteestä. Asiakkaan tiedot poistetaan vasta, kun yksikään asia ei ole vireillä; sen jälkeen Ratkaisu antaa poistotodistuksen, josta ilmenevät poistetut tiedot, annettu vientitiedosto sekä säilytettävät tiedot ja säilyttämisen syy. Säilytetään loki sen säilytysajan sekä annettujen välitystuomioiden, korjausten, pyyntöjä koskevien päätösten, hyväksyttyjen ratkaisujen ja vastaanottokuittausten alkuperäiskappaleet, joita pidetään kertakirjoitteisessa tallennustilassa, jossa niitä ei voi muuttaa eikä poistaa ennen 15 vuoden säilytysajan päättymistä, minkä jälkeen ne poistetaan.',
      ],
    },
    {
      heading: 'Vastuu',
      paragraphs: [
        'Kummankin osapuolen vastuuseen tämän sopimuksen perusteella sovelletaan käyttöehtojen vastuunrajoitusta — vastuun perustaneen tapahtuman edeltäneiden 6 kuukauden aikana maksetut maksut — paitsi jos tietosuoja-asetuksen 82 artiklasta tai muusta pakottavasta laista muuta johtuu.',
      ],
    },
    {
      heading: 'Voimassaolo, sovellettava laki ja riidat',
      paragraphs: [
        'Tämä sopimus on voimassa niin kauan kuin Ratkaisu käsittelee henkilötietoja asiakkaan lukuun. Siihen sovelletaan Suomen lakia, ja riidat ratkaistaan Helsingin käräjäoikeudessa. Jos tämä sopimus ja käyttöehdot ovat henkilötietojen käsittelyn osalta ristiriidassa, tämä sopimus on ensisijainen.',
        CONTACT,
      ],
    },
  ],
} as const satisfies LegalDocument;

const cookiePolicy = {
  title: 'Evästekäytäntö',
  effective: 'Voimassa 14.9.2024 alkaen',
  summary:
    'Ratkaisu ei käytä seuranta-, analytiikka- eikä mainosevästeitä. Se tallentaa selaimesi omaan tallennustilaan vain tiedot, jotka ovat välttämättömiä kirjautumisesi ylläpitämiseksi ja asetustesi muistamiseksi.',
  sections: [
    {
      heading: 'Soveltamisala',
      paragraphs: [
        `Tässä evästekäytännössä kerrotaan, mitä tietoja ${OPERATOR} tallentaa selaimeesi palvelun käytön aikana ja miksi.`,
      ],
    },
    {
      heading: 'Mitä tallennamme',
      paragraphs: [
        'Ratkaisu ei aseta evästeitä seurantaa, analytiikkaa, profilointia tai mainontaa varten eikä lataa kolmansien osapuolten seurantaskriptejä. Sovellus käyttää selaimesi verkkotallennustilaa vain seuraaviin ehdottoman välttämättömiin tarkoituksiin:',
      ],
      items: [
        'Istuntotallennustila (session storage) — kirjautumisesi: käyttäjätunnuksella ja salasanalla kirjautuneen istuntotunniste ja työtilillä kirjautuneen kirjautumistiedot (tunnistevälimuisti). Istuntotallennustila tyhjenee, kun suljet selaimen välilehden tai kirjaudut ulos.',
        'Paikallinen tallennustila (local storage) — asetuksesi: tallentamasi ratkaisuasetukset (ohjeet, lukukohtaiset kehotteet, temperature ja top_p) ja näyttöasetukset, kuten mitkä asian asiakirjaosiot ovat auki. Paikallinen tallennustila säilyy laitteellasi, kunnes palautat asetukset tai tyhjennät selaimesi tiedot.',
      ],
    },
    {
      heading: 'Kirjautuminen työtilillä',
      paragraphs: [
        'Kun kirjaudut työtilillä, kirjautumisikkunan tarjoaa Microsoft. Microsoft voi asettaa ikkunassa omia evästeitään omassa verkkotunnuksessaan tunnistaakseen sinut; niihin sovelletaan Microsoftin tietosuojaselostetta eikä tätä käytäntöä.',
      ],
    },
    {
      heading: 'Oikeusperuste',
      paragraphs: [
        'Pyytämäsi palvelun tarjoamiseksi ehdottoman välttämättömien tietojen tallentaminen ei edellytä suostumusta sähköisen viestinnän palveluista annetun lain (917/2014) 205 §:n ja sähköisen viestinnän tietosuojadirektiivin 5 artiklan 3 kohdan mukaan. Siksi palvelu ei näytä evästeilmoitusta. Jos otamme käyttöön muuta kuin ehdottoman välttämätöntä tallennusta, pyydämme ensin suostumuksesi ja päivitämme tämän käytännön.',
      ],
    },
    {
      heading: 'Tallennettujen tietojen hallinta',
      paragraphs: [
        'Voit poistaa tallennetut tiedot milloin tahansa kirjautumalla ulos, käyttämällä ratkaisuasetusten Palauta-toimintoa tai tyhjentämällä selaimesi sivustotiedot. Jos estät verkkotallennustilan, joudut ehkä kirjautumaan uudelleen jokaisella sivun latauksella, eikä asetuksiasi muisteta.',
      ],
    },
    {
      heading: 'Muutokset ja yhteystiedot',
      paragraphs: [
        'Päivitämme tämän käytännön, kun tallentamamme tiedot muuttuvat, ja näytämme uuden voimaantulopäivän sivun yläosassa.',
        CONTACT,
      ],
    },
  ],
} as const satisfies LegalDocument;

const eula = {
  title: 'Loppukäyttäjän lisenssisopimus',
  effective: 'Voimassa 14.9.2024 alkaen',
  summary:
    'Tämä sopimus antaa sinulle oikeuden käyttää Ratkaisu-sovellusta ja kertoo, mitä saat ja mitä et saa sillä tehdä.',
  sections: [
    {
      heading: 'Sopimus',
      paragraphs: [
        `Tämä loppukäyttäjän lisenssisopimus (”lisenssisopimus”) on sinun ja ${OPERATOR_GENITIVE} välinen sopimus Ratkaisu-verkkosovelluksen ja sen dokumentaation (”sovellus”) käytöstä. Se täydentää käyttöehtoja. Käyttämällä sovellusta hyväksyt tämän lisenssisopimuksen.`,
        'Sovelluksen käyttäjän on oltava vähintään 18-vuotias.',
      ],
    },
    {
      heading: 'Käyttöoikeus',
      paragraphs: [
        'Ratkaisu antaa sinulle rajoitetun, ei-yksinomaisen, siirtämättömän ja peruutettavissa olevan oikeuden käyttää sovellusta verkkoselaimella kaupallisten riitojen ratkaisemiseen ja hallintaan käyttöehtojen mukaisesti.',
      ],
    },
    {
      heading: 'Rajoitukset',
      paragraphs: ['Et saa itse etkä saa sallia kenenkään muun'],
      items: [
        'kopioida, muuttaa tai kääntää sovellusta tai tehdä siitä johdannaisteoksia;',
        'purkaa, hajottaa tai takaisinmallintaa sovellusta, paitsi siltä osin kuin pakottava laki sen nimenomaisesti sallii;',
        'myydä, vuokrata, lainata tai alilisensioida sovellusta tai muutoin saattaa sitä kolmansien saataville;',
        'kiertää pääsynvalvontaa, käyttörajoituksia tai muita tietoturvatoimenpiteitä tai testata sovelluksen haavoittuvuuksia ilman kirjallista lupaamme;',
        'käyttää sovellusta automaattisin keinoin muutoin kuin tarjoamiemme rajapintojen kautta;',
        'käyttää sovellusta lain tai käyttöehtojen vastaisesti.',
      ],
    },
    {
      heading: 'Omistusoikeus',
      paragraphs: [
        'Sovellukseen annetaan käyttöoikeus; sitä ei myydä. Ratkaisulla ja sen lisenssinantajilla säilyvät kaikki oikeudet sovellukseen, myös kaikki immateriaalioikeudet. Kolmansien osapuolten avoimen lähdekoodin komponentteihin sovelletaan niiden omia lisenssejä, jotka ovat näiden komponenttien osalta ensisijaisia.',
      ],
    },
    {
      heading: 'Sisältösi ja tekoälyn tuotokset',
      paragraphs: [
        'Säilytät oikeutesi palveluun lisäämiisi asiakirjoihin. Saat käyttää sovelluksen sinulle laatimia kanteen luonnoksia vapaasti riidassasi. Vastaat tekoälyn tuottaman sisällön tarkistamisesta ennen kuin luotat siihen; siinä voi olla virheitä, eikä se ole oikeudellista neuvontaa.',
      ],
    },
    {
      heading: 'Päivitykset',
      paragraphs: [
        'Päivitämme sovellusta ajoittain sen parantamiseksi, virheiden korjaamiseksi ja tietoturvan ylläpitämiseksi. Päivitykset tulevat voimaan automaattisesti, kun seuraavan kerran avaat sovelluksen, ja tätä lisenssisopimusta sovelletaan niihin.',
      ],
    },
    {
      heading: 'Voimassaolo ja päättyminen',
      paragraphs: [
        'Tämä lisenssisopimus on voimassa niin kauan kuin käytät sovellusta. Käyttöoikeutesi päättyy automaattisesti, jos rikot tätä lisenssisopimusta tai jos tilisi suljetaan käyttöehtojen mukaisesti.',
      ],
    },
    {
      heading: 'Vastuuvapauslauseke',
      paragraphs: [
        'Lain sallimissa rajoissa sovellus tarjotaan ”sellaisenaan” ja ”saatavuuden mukaan”. Emme takaa, että se on virheetön tai toimii keskeytyksettä.',
      ],
    },
    {
      heading: 'Vastuunrajoitus',
      paragraphs: [
        'Ratkaisun kokonaisvastuu tämän lisenssisopimuksen perusteella on rajoitettu maksuihin, jotka olet maksanut Ratkaisulle vastuun perustaneen tapahtuman edeltäneiden 6 kuukauden aikana. Ratkaisu ei vastaa välillisistä vahingoista. Rajoitukset eivät koske tahallisesti tai törkeällä huolimattomuudella aiheutettua vahinkoa eivätkä tilanteita, joissa pakottava laki ei salli vastuun rajoittamista.',
      ],
    },
    {
      heading: 'Sovellettava laki ja riidat',
      paragraphs: [
        'Tähän lisenssisopimukseen sovelletaan Suomen lakia. Siitä johtuvat riidat ratkaistaan Helsingin käräjäoikeudessa.',
        CONTACT,
      ],
    },
  ],
} as const satisfies LegalDocument;

const privacyPolicy = {
  title: 'Tietosuojaseloste',
  effective: 'Voimassa 14.9.2024 alkaen',
  summary:
    'Tässä selosteessa kerrotaan, mitä henkilötietoja Ratkaisu käsittelee, miksi ja kuinka kauan, kenelle tietoja luovutetaan — myös tekoälykäsittely Microsoft Azure OpenAI -palvelussa EU:n alueella — ja mitä oikeuksia sinulla on tietosuoja-asetuksen mukaan.',
  sections: [
    {
      heading: 'Rekisterinpitäjä',
      paragraphs: [
        `Tässä selosteessa kuvattujen henkilötietojen rekisterinpitäjä on ${OPERATOR}. ${CONTACT}`,
        'Asian aineistoon sisältyvien henkilötietojen — kuten palveluun lisäämiesi asiakirjojen — rekisterinpitäjä on yleensä edustamasi organisaatio, ja Ratkaisu toimii sen henkilötietojen käsittelijänä tietojenkäsittelysopimuksemme mukaisesti.',
      ],
    },
    {
      heading: 'Käsittelemämme henkilötiedot',
      paragraphs: ['Palvelun käytöstä riippuen käsittelemme'],
      items: [
        'Tilitiedot: käyttäjätunnuksesi, nimesi, sähköpostiosoitteesi, liittymispäiväsi, tieto sähköpostiosoitteen vahvistamisesta, organisaatiosi (tenantti) ja roolisi; työtilien osalta organisaatiosi Microsoft Entra ID:n antamat tunnisteet.',
        'Tunnistautumistiedot: salasanasi yksisuuntainen tiiviste, kaksivaiheisen tunnistautumisesi salattu avain ja tieto siitä, oletko hyväksynyt käyttöehdot.',
        'Istunto- ja tietoturvatiedot: kunkin kirjautumisen ajankohta, IP-osoite, laite (selaimen user agent) ja IP-osoitteesta päätelty maa sekä kirjautumisia, tilimuutoksia ja ylläpitotoimia koskevat lokimerkinnät.',
        'Asiatiedot: asioiden nimet ja kuvaukset, asianosaisten nimet, Y-tunnukset tai henkilötunnukset, osoitteet ja edustajien sähköpostiosoitteet sekä kunkin vaiheen määräpäivät ja tila.',
        'Asiakirjat: asioihin, kanteen laadintaan ja avoimeen ratkaisugeneraattoriin lisätyt PDF-tiedostot ja kaikki niihin sisältyvät henkilötiedot.',
        'Tekoälyn tuotokset: tekoälyn luonnostelemat kanteet ja laatimat ratkaisut sekä käytetyt ratkaisuasetukset.',
        'Viestintä: sinulle lähettämämme sähköpostit, kuten sähköpostiosoitteen vahvistus- ja salasanan palautusviestit, sekä asioidesi ilmoitukset tililläsi. Asioita koskevat sähköpostit ja ilmoitus tietojesi jäljennöksen valmistumisesta lähetetään lähtevien viestien jonomme kautta: säilytämme viestin tiedot (vastaanottaja, aihe, ajat, toimitustila) 90 päivää ja sen tekstin vain siihen asti, kun viesti on toimitettu. Jokainen asiaa koskeva sähköposti jättää tilillesi myös samansisältöisen ilmoituksen. Kertakäyttöisen linkin sisältäviä sähköposteja (sähköpostiosoitteen vahvistus, salasanan palautus, kutsu) ei tallenneta.',
      ],
    },
    {
      heading: 'Käsittelyn tarkoitukset ja oikeusperusteet',
      paragraphs: ['Käsittelemme henkilötietoja seuraaviin tarkoituksiin:'],
      items: [
        'palvelun tarjoaminen ja välimiesmenettelyn hoitaminen, myös asiakirjojen tekoälykäsittely — sopimuksen täytäntöönpano (tietosuoja-asetuksen 6 artiklan 1 kohdan b alakohta) ja asioiden aineiston osalta rekisterinpitäjänä toimivan organisaation ohjeet;',
        'palvelun ja tilien tietoturvan ylläpitäminen, väärinkäytösten estäminen ja lokien pitäminen — oikeutettu etumme suojata palvelua ja sen käyttäjiä (6 artiklan 1 kohdan f alakohta);',
        'lakisääteisten velvoitteiden, kuten kirjanpidon ja viranomaisten lainmukaisiin pyyntöihin vastaamisen, noudattaminen — lakisääteinen velvoite (6 artiklan 1 kohdan c alakohta);',
        'oikeusvaateen laatiminen, esittäminen tai puolustaminen — oikeutettu etumme (6 artiklan 1 kohdan f alakohta).',
      ],
    },
    {
      heading: 'Tekoälykäsittely ja automaattiset päätökset',
      paragraphs: [
        'Kanteiden luonnostelemiseksi ja ratkaisujen laatimiseksi asiaan liittyvät asiakirjat ja ohjeemme käsitellään suurilla kielimalleilla Microsoft Azure OpenAI -palvelussa Euroopan unionin alueella olevassa konesalissa. Tiedot käsitellään Microsoftin yrityskäytön tietosuojaehtojen mukaisesti, eikä niitä käytetä tekoälymallien kouluttamiseen.',
        'Tekoälyn asiassa laatima ratkaisu on automaattiseen käsittelyyn perustuva päätös, jolla on asianosaisiin kohdistuvia oikeusvaikutuksia. Se tehdään, koska se on välttämätön asianosaisten välisen välityssopimuksen täytäntöön panemiseksi (tietosuoja-asetuksen 22 artiklan 2 kohdan a alakohta). Suojatoimina voit pyytää ihmisen suorittamaa valvontaa, jolloin välimies käy läpi asian ja ratkaisun; voit esittää näkemyksesi kirjelmissäsi; ja voit riitauttaa ratkaisun siltä osin kuin laki sen sallii.',
      ],
    },
    {
      heading: 'Vastaanottajat',
      paragraphs: ['Luovutamme henkilötietoja vain tarpeen mukaan:'],
      items: [
        'asiasi vastapuolelle ja sen edustajille, jotka näkevät asian tiedot ja asiakirjat;',
        'välimiehelle, joka nimetään, kun ihmisen suorittamaa valvontaa pyydetään;',
        'alihankkijoillemme: Microsoft Azure (palvelinympäristö, tallennus ja Azure OpenAI) ja sähköpostin välityspalvelu, tietojenkäsittelysopimusten perusteella;',
        'viranomaisille ja tuomioistuimille lain niin vaatiessa.',
      ],
    },
    {
      heading: 'Missä tietojasi käsitellään',
      paragraphs: [
        'Tallennamme ja käsittelemme henkilötiedot Euroopan unionin tai Euroopan talousalueen alueella. Jos tietoja poikkeuksellisesti siirretään sen ulkopuolelle, varmistamme riittävän suojan tason esimerkiksi Euroopan komission vakiosopimuslausekkeilla.',
      ],
    },
    {
      heading: 'Säilytysajat',
      paragraphs: ['Säilytämme henkilötietoja vain niin kauan kuin niitä tarvitaan:'],
      items: [
        'tilitiedot niin kauan kuin tilisi on olemassa. Kun suljet tilisi, istuntosi, salasanan tiiviste, kaksivaiheisen tunnistautumisen salaisuus, ilmoitukset ja profiili poistetaan heti, ja sähköposti- ja IP-osoitteesi poistetaan lokista; jäljelle jää tunniste ilman nimeäsi tai yhteystietojasi, johon asioiden tiedot ja loki viittaavat;',
        'asiatiedot, asiakirjat ja ratkaisut asian käsittelyn ajan ja sen jälkeen niin kauan kuin asianosaiset tarvitsevat niitä ratkaisun noudattamiseen ja täytäntöönpanoon tai kuin laki edellyttää, kuitenkin enintään niin kauan kuin on tarpeen oikeusvaateen laatimiseksi, esittämiseksi tai puolustamiseksi;',
        'käytännössä päättynyttä asiaa (lopullinen tai suljettu) säilytetään palvelua käyttävän organisaation säilytysajan: oletuksena 15 vuotta, joka on välitystuomion täytäntöönpanon yleinen määräaika luonnollista henkilöä vastaan, vähintään 6 vuotta ja vähintään sen annettujen tuomioiden kertakirjoitteisen suojan ajan (alla). Osapuolten edustajille ilmoitetaan sähköpostilla ja tilillä 90 päivää ennen asian tietojen poistamista, jotta he voivat ladata tarvitsemansa. Sen jälkeen asiakirjat, työtiedostot, luonnokset ja ratkaisut poistetaan; jäljelle jää lyhyt tietue (asianumero, osapuolten nimet ja y-tunnukset, asian päättymistapa, päivämäärät ja kunkin annetun tuomion SHA-256-tiiviste) sekä loki. Ylläpitäjä voi asettaa asian perusteltuun säilytysvelvoitteeseen (legal hold) esimerkiksi silloin, kun tuomion mitättömyyteen vedotaan tai täytäntöönpano on yhä kesken; tällaista asiaa ei poisteta ennen kuin velvoite puretaan, ja molemmat kirjataan;',
        'annettujen välitystuomioiden, korjausten, pyyntöjä koskevien päätösten, hyväksyttyjen ratkaisujen ja vastaanottokuittausten alkuperäiskappaleet säilytetään lisäksi kertakirjoitteisessa tallennustilassa, jossa kukaan ei voi muuttaa tai poistaa niitä 15 vuoteen niiden laatimisesta;',
        'avoimeen ratkaisugeneraattoriin lisätyt asiakirjat vain niin kauan kuin on tarpeen ratkaisun laatimiseksi ja toimittamiseksi;',
        'istuntotiedot istunnon ajan ja sen jälkeen tietoturvalokeina rajoitetun ajan; lokimerkinnät säilytetään muuttumattomuuden osoittavana ketjuna, ja niiden henkilötiedot poistetaan, kun suljet tilisi;',
        'annetut välitystuomiot, ratkaisut ja korjaukset allekirjoituksineen myös tilisi sulkemisen jälkeen: asianosaiset tarvitsevat niitä ratkaisun täytäntöönpanoon, ja välitystuomion mitättömyyteen voi vedota ilman määräaikaa; samoin asioidesi tiedot (vastapuoli ja välimiesoikeus tarvitsevat niitä asian säilytysajan loppuun), loki henkilötietosi poistettuina sekä kirjanpitoaineisto;',
        'kirjanpitoaineisto kirjanpitolain edellyttämän ajan.',
      ],
    },
    {
      heading: 'Oikeutesi',
      paragraphs: ['Tietosuoja-asetuksen mukaan sinulla on oikeus'],
      items: [
        'saada pääsy henkilötietoihisi ja saada niistä jäljennös: kohdasta Tili → Omat tiedot voit milloin tahansa ladata ZIP-tiedoston, jossa ovat tilisi, istuntosi ja kirjautumisesi, ilmoitukset, lähtevien viestien jonoon osoitteellesi tallennetut sähköpostit, sinua koskevat lokimerkinnät sekä jokaisesta asiastasi asian tiedot, oman puolesi asiakirjat ja työtiedostot ja molempien osapuolten nähtävissä olevat ratkaisut, ja luettelo jokaisen tiedoston SHA-256-tiivisteestä; linkki toimii 72 tuntia ja vain sinulle;',
        'vaatia virheellisten tietojen oikaisemista ja puutteellisten tietojen täydentämistä;',
        'vaatia tietojesi poistamista, jos niiden säilyttämiselle ei enää ole oikeusperustetta: kohdasta Tili → Omat tiedot voit sulkea tilisi, kuten Säilytysajat-kohdassa kerrotaan. Kun edustat osapuolta tai toimit välimiehenä vireillä olevassa asiassa, tilin voi sulkea vasta, kun tilallesi on tullut toinen. Välimiehen yksityinen allekirjoitusavain tuhotaan tilin sulkemisen yhteydessä, ja aiemmin allekirjoitetut tuomiot pysyvät pätevinä;',
        'vaatia käsittelyn rajoittamista ja vastustaa oikeutettuun etuumme perustuvaa käsittelyä;',
        'saada toimittamasi tiedot koneluettavassa muodossa ja siirtää ne toiselle rekisterinpitäjälle: edellä mainittu jäljennös on JSON- ja PDF-tiedostoina;',
        'saada ihminen arvioimaan automaattiseen käsittelyyn perustuva päätös, esittää näkemyksesi ja riitauttaa päätös;',
        'tehdä valitus valvontaviranomaiselle, joka Suomessa on tietosuojavaltuutetun toimisto (tietosuoja.fi).',
      ],
    },
    {
      heading: 'Oikeuksien käyttäminen',
      paragraphs: [
        'Voit ladata jäljennöksen tiedoistasi ja sulkea tilisi itse kohdasta Tili → Omat tiedot. Muut pyynnöt, tai jos et pääse kirjautumaan, lähetä tässä selosteessa mainittujen yhteystietojen kautta: voimme pyytää sinua vahvistamaan henkilöllisyytesi, ylläpitäjämme voi tehdä saman jäljennöksen puolestasi (pyyntö, sen peruste ja jokainen lataus kirjataan), ja vastaamme kuukauden kuluessa. Jos pyyntösi koskee asian aineistoa, jonka rekisterinpitäjä on edustamasi organisaatio, välitämme pyynnön sille tai avustamme sitä vastaamaan.',
      ],
    },
    {
      heading: 'Tietoturva',
      paragraphs: [
        'Suojaamme henkilötiedot salaamalla ne siirrossa ja tallennettuina, tiivistämällä salasanat vahvasti sekä kaksivaiheisella tunnistautumisella, istuntojen aikakatkaisuilla, roolipohjaisella pääsynhallinnalla, asiakasorganisaatioiden erottelulla ja tapahtumalokeilla.',
      ],
    },
    {
      heading: 'Henkilötietojen tietoturvaloukkaukset',
      paragraphs: [
        'Jos henkilötietojen tietoturvaloukkaus tapahtuu, ilmoitamme siitä tietosuojavaltuutetun toimistolle 72 tunnin kuluessa siitä, kun saimme tiedon, jos laki sitä edellyttää, ja ilmoitamme asianomaisille käyttäjille 72 tunnin kuluessa.',
      ],
    },
    {
      heading: 'Ikäraja',
      paragraphs: [
        'Palvelu on tarkoitettu vain vähintään 18-vuotiaille. Emme tietoisesti käsittele lasten henkilötietoja.',
      ],
    },
    {
      heading: 'Evästeet ja selaimen tallennustila',
      paragraphs: [
        'Emme käytä seurantaevästeitä. Palvelu tallentaa selaimesi istunto- ja paikalliseen tallennustilaan vain ehdottoman välttämättömiä tietoja evästekäytännössämme kuvatulla tavalla.',
      ],
    },
    {
      heading: 'Muutokset tähän selosteeseen',
      paragraphs: [
        'Päivitämme tämän selosteen, kun käsittelymme muuttuu, ja kerromme olennaisista muutoksista palvelussa. Sivun yläosan voimaantulopäivä kertoo, milloin selostetta on viimeksi muutettu.',
      ],
    },
  ],
} as const satisfies LegalDocument;

/** The Finnish documents, under the English ones' keys (the pages pick one by the interface's language). */
export const legalDocumentsFi: Record<keyof typeof legalDocuments, LegalDocument> = {
  termsOfService,
  compliancePolicy,
  dpa,
  cookiePolicy,
  eula,
  privacyPolicy,
};
