import type { Genre, Locale } from '@balcony/contracts';

// Hand-translated word tables the demo catalog composes its titles and synopses from, so every
// language shows real text in its own script (search must find a title by a Japanese or Thai
// fragment). English stays ASCII: it is drawn on the demo images.

export type Localized = Record<Locale, string>;

/** French adjectives follow the noun (so elision never depends on them); German ones are weak nominative forms. */
interface Adjective {
  en: string;
  fr: { m: string; f: string };
  de: string;
  ja: string;
  th: string;
  zh: string;
}

interface Noun {
  en: string;
  fr: { article: 'Le ' | 'La ' | "L'"; word: string; gender: 'm' | 'f' };
  de: { article: 'Der' | 'Die' | 'Das'; word: string };
  ja: string;
  th: string;
  zh: string;
}

export const ADJECTIVES: readonly Adjective[] = [
  { en: 'Silent', fr: { m: 'silencieux', f: 'silencieuse' }, de: 'stille', ja: '静かな', th: 'เงียบงัน', zh: '沉默的' },
  { en: 'Crimson', fr: { m: 'écarlate', f: 'écarlate' }, de: 'scharlachrote', ja: '紅の', th: 'สีชาด', zh: '緋紅的' },
  {
    en: 'Midnight',
    fr: { m: 'de minuit', f: 'de minuit' },
    de: 'mitternächtliche',
    ja: '真夜中の',
    th: 'ยามเที่ยงคืน',
    zh: '午夜的',
  },
  {
    en: 'Forbidden',
    fr: { m: 'interdit', f: 'interdite' },
    de: 'verbotene',
    ja: '禁じられた',
    th: 'ต้องห้าม',
    zh: '禁忌的',
  },
  { en: 'Golden', fr: { m: 'doré', f: 'dorée' }, de: 'goldene', ja: '黄金の', th: 'สีทอง', zh: '黃金的' },
  { en: 'Broken', fr: { m: 'brisé', f: 'brisée' }, de: 'zerbrochene', ja: '壊れた', th: 'ที่แตกสลาย', zh: '破碎的' },
  { en: 'Secret', fr: { m: 'secret', f: 'secrète' }, de: 'geheime', ja: '秘密の', th: 'ลับ', zh: '秘密的' },
  { en: 'Eternal', fr: { m: 'éternel', f: 'éternelle' }, de: 'ewige', ja: '永遠の', th: 'นิรันดร์', zh: '永恆的' },
  { en: 'Icy', fr: { m: 'glacial', f: 'glaciale' }, de: 'eisige', ja: '氷の', th: 'แห่งน้ำแข็ง', zh: '冰封的' },
  { en: 'Cursed', fr: { m: 'maudit', f: 'maudite' }, de: 'verfluchte', ja: '呪われた', th: 'ต้องสาป', zh: '被詛咒的' },
  { en: 'Hidden', fr: { m: 'caché', f: 'cachée' }, de: 'verborgene', ja: '隠された', th: 'ที่ซ่อนเร้น', zh: '隱藏的' },
  {
    en: 'Moonlit',
    fr: { m: 'au clair de lune', f: 'au clair de lune' },
    de: 'mondbeschienene',
    ja: '月明かりの',
    th: 'ใต้แสงจันทร์',
    zh: '月光下的',
  },
  { en: 'Sweet', fr: { m: 'doux', f: 'douce' }, de: 'süße', ja: '甘い', th: 'แสนหวาน', zh: '甜蜜的' },
  { en: 'Burning', fr: { m: 'ardent', f: 'ardente' }, de: 'brennende', ja: '燃える', th: 'ที่ลุกโชน', zh: '燃燒的' },
  { en: 'Lost', fr: { m: 'perdu', f: 'perdue' }, de: 'verlorene', ja: '失われた', th: 'ที่สาบสูญ', zh: '失落的' },
  { en: 'Royal', fr: { m: 'royal', f: 'royale' }, de: 'königliche', ja: '王家の', th: 'แห่งราชวงศ์', zh: '皇家的' },
];

export const NOUNS: readonly Noun[] = [
  {
    en: 'Prince',
    fr: { article: 'Le ', word: 'prince', gender: 'm' },
    de: { article: 'Der', word: 'Prinz' },
    ja: '王子',
    th: 'เจ้าชาย',
    zh: '王子',
  },
  {
    en: 'Contract',
    fr: { article: 'Le ', word: 'contrat', gender: 'm' },
    de: { article: 'Der', word: 'Vertrag' },
    ja: '契約',
    th: 'สัญญา',
    zh: '契約',
  },
  {
    en: 'Blade',
    fr: { article: 'La ', word: 'lame', gender: 'f' },
    de: { article: 'Die', word: 'Klinge' },
    ja: '刃',
    th: 'ดาบ',
    zh: '刀刃',
  },
  {
    en: 'Rose',
    fr: { article: 'La ', word: 'rose', gender: 'f' },
    de: { article: 'Die', word: 'Rose' },
    ja: '薔薇',
    th: 'กุหลาบ',
    zh: '玫瑰',
  },
  {
    en: 'Roommate',
    fr: { article: 'Le ', word: 'colocataire', gender: 'm' },
    de: { article: 'Der', word: 'Mitbewohner' },
    ja: 'ルームメイト',
    th: 'รูมเมท',
    zh: '室友',
  },
  {
    en: 'Knight',
    fr: { article: 'Le ', word: 'chevalier', gender: 'm' },
    de: { article: 'Der', word: 'Ritter' },
    ja: '騎士',
    th: 'อัศวิน',
    zh: '騎士',
  },
  {
    en: 'Promise',
    fr: { article: 'La ', word: 'promesse', gender: 'f' },
    de: { article: 'Das', word: 'Versprechen' },
    ja: '約束',
    th: 'คำมั่น',
    zh: '約定',
  },
  {
    en: 'Garden',
    fr: { article: 'Le ', word: 'jardin', gender: 'm' },
    de: { article: 'Der', word: 'Garten' },
    ja: '庭園',
    th: 'สวน',
    zh: '花園',
  },
  {
    en: 'Heir',
    fr: { article: "L'", word: 'héritier', gender: 'm' },
    de: { article: 'Der', word: 'Erbe' },
    ja: '後継者',
    th: 'ทายาท',
    zh: '繼承人',
  },
  {
    en: 'Throne',
    fr: { article: 'Le ', word: 'trône', gender: 'm' },
    de: { article: 'Der', word: 'Thron' },
    ja: '玉座',
    th: 'บัลลังก์',
    zh: '王座',
  },
  {
    en: 'Melody',
    fr: { article: 'La ', word: 'mélodie', gender: 'f' },
    de: { article: 'Die', word: 'Melodie' },
    ja: '旋律',
    th: 'ท่วงทำนอง',
    zh: '旋律',
  },
  {
    en: 'Hunter',
    fr: { article: 'Le ', word: 'chasseur', gender: 'm' },
    de: { article: 'Der', word: 'Jäger' },
    ja: '狩人',
    th: 'นักล่า',
    zh: '獵人',
  },
  {
    en: 'Kiss',
    fr: { article: 'Le ', word: 'baiser', gender: 'm' },
    de: { article: 'Der', word: 'Kuss' },
    ja: 'キス',
    th: 'จุมพิต',
    zh: '吻',
  },
  {
    en: 'Mirror',
    fr: { article: 'Le ', word: 'miroir', gender: 'm' },
    de: { article: 'Der', word: 'Spiegel' },
    ja: '鏡',
    th: 'กระจก',
    zh: '鏡子',
  },
  {
    en: 'Dragon',
    fr: { article: 'Le ', word: 'dragon', gender: 'm' },
    de: { article: 'Der', word: 'Drache' },
    ja: '竜',
    th: 'มังกร',
    zh: '龍',
  },
  {
    en: 'Letter',
    fr: { article: 'La ', word: 'lettre', gender: 'f' },
    de: { article: 'Der', word: 'Brief' },
    ja: '手紙',
    th: 'จดหมาย',
    zh: '書信',
  },
  {
    en: 'Cafe',
    fr: { article: 'Le ', word: 'café', gender: 'm' },
    de: { article: 'Das', word: 'Café' },
    ja: '喫茶店',
    th: 'คาเฟ่',
    zh: '咖啡館',
  },
  {
    en: 'Angel',
    fr: { article: "L'", word: 'ange', gender: 'm' },
    de: { article: 'Der', word: 'Engel' },
    ja: '天使',
    th: 'ทูตสวรรค์',
    zh: '天使',
  },
];

/** "The {adjective} {noun}" in every language, with each language's word order and agreement. */
export function composeTitle(adjective: Adjective, noun: Noun): Localized {
  return {
    en: `${adjective.en} ${noun.en}`,
    fr: `${noun.fr.article}${noun.fr.word} ${adjective.fr[noun.fr.gender]}`,
    de: `${noun.de.article} ${adjective.de} ${noun.de.word}`,
    ja: `${adjective.ja}${noun.ja}`,
    th: `${noun.th}${adjective.th}`,
    'zh-TW': `${adjective.zh}${noun.zh}`,
  };
}

// Synopses are "subject + predicate": the BL tables speak of men (French and German agreement
// and possessives depend on it); the general predicates avoid any agreement with the subject.

type Phrase = Localized;

export const BL_SUBJECTS: readonly Phrase[] = [
  {
    en: 'A shy barista',
    fr: 'Un barista timide',
    de: 'Ein schüchterner Barista',
    ja: '内気なバリスタ',
    th: 'บาริสต้าขี้อาย',
    'zh-TW': '一位害羞的咖啡師',
  },
  {
    en: 'A rookie detective',
    fr: 'Un jeune inspecteur',
    de: 'Ein junger Kommissar',
    ja: '新米刑事',
    th: 'นักสืบมือใหม่',
    'zh-TW': '一名菜鳥刑警',
  },
  {
    en: 'A fallen pop singer',
    fr: 'Un chanteur déchu',
    de: 'Ein gefallener Popsänger',
    ja: '落ちぶれたアイドル',
    th: 'ไอดอลตกอับ',
    'zh-TW': '一位過氣偶像',
  },
  {
    en: 'A young prince',
    fr: 'Un jeune prince',
    de: 'Ein junger Prinz',
    ja: '若き王子',
    th: 'เจ้าชายหนุ่ม',
    'zh-TW': '一位年輕王子',
  },
  {
    en: 'A cold-hearted CEO',
    fr: 'Un PDG au cœur de glace',
    de: 'Ein eiskalter Firmenchef',
    ja: '冷徹な社長',
    th: 'ประธานบริษัทหัวใจเย็นชา',
    'zh-TW': '一位冷酷的總裁',
  },
  {
    en: 'A college swimmer',
    fr: 'Un nageur universitaire',
    de: 'Ein Schwimmer aus der Uni-Mannschaft',
    ja: '大学の水泳選手',
    th: 'นักว่ายน้ำมหาวิทยาลัย',
    'zh-TW': '一名大學游泳選手',
  },
  {
    en: 'A vampire florist',
    fr: 'Un fleuriste vampire',
    de: 'Ein Vampir-Florist',
    ja: '吸血鬼の花屋',
    th: 'คนขายดอกไม้แวมไพร์',
    'zh-TW': '一位吸血鬼花店老闆',
  },
  {
    en: 'A retired knight',
    fr: 'Un chevalier à la retraite',
    de: 'Ein Ritter im Ruhestand',
    ja: '引退した騎士',
    th: 'อัศวินที่ปลดระวาง',
    'zh-TW': '一名退役騎士',
  },
];

export const BL_PREDICATES: readonly Phrase[] = [
  {
    en: 'falls for the rival who ruined his career',
    fr: 'tombe amoureux du rival qui a ruiné sa carrière',
    de: 'verliebt sich in den Rivalen, der seine Karriere ruiniert hat',
    ja: '自分のキャリアを壊したライバルに恋をする',
    th: 'ตกหลุมรักคู่แข่งที่ทำลายอาชีพของเขา',
    'zh-TW': '愛上了毀掉他事業的對手',
  },
  {
    en: 'moves in with a stranger who knows all his secrets',
    fr: 'emménage avec un inconnu qui connaît tous ses secrets',
    de: 'zieht bei einem Fremden ein, der all seine Geheimnisse kennt',
    ja: '自分の秘密をすべて知る見知らぬ男と同居を始める',
    th: 'ย้ายไปอยู่กับคนแปลกหน้าที่รู้ความลับทุกอย่างของเขา',
    'zh-TW': '與一個知道他所有秘密的陌生人同居',
  },
  {
    en: 'signs a fake engagement with his childhood friend',
    fr: "signe de fausses fiançailles avec son ami d'enfance",
    de: 'geht mit seinem Jugendfreund eine falsche Verlobung ein',
    ja: '幼なじみと偽りの婚約を結ぶ',
    th: 'ทำสัญญาหมั้นปลอมกับเพื่อนสมัยเด็ก',
    'zh-TW': '與青梅竹馬簽下假婚約',
  },
  {
    en: 'must guard the man he swore to hate',
    fr: "doit protéger l'homme qu'il a juré de haïr",
    de: 'muss den Mann beschützen, den er zu hassen geschworen hat',
    ja: '憎むと誓った男を守らなければならない',
    th: 'ต้องปกป้องชายที่เขาสาบานว่าจะเกลียด',
    'zh-TW': '必須保護他發誓要恨一輩子的男人',
  },
  {
    en: 'wakes up married to his worst enemy',
    fr: 'se réveille marié à son pire ennemi',
    de: 'wacht verheiratet mit seinem ärgsten Feind auf',
    ja: '目覚めると宿敵と結婚していた',
    th: 'ตื่นมาพบว่าแต่งงานกับศัตรูตัวฉกาจ',
    'zh-TW': '醒來發現自己和死對頭結了婚',
  },
  {
    en: 'shares one last summer with the boy next door',
    fr: "partage un dernier été avec le garçon d'à côté",
    de: 'verbringt einen letzten Sommer mit dem Jungen von nebenan',
    ja: '隣の少年と最後の夏を過ごす',
    th: 'ใช้ฤดูร้อนสุดท้ายกับเด็กหนุ่มข้างบ้าน',
    'zh-TW': '與隔壁的男孩共度最後一個夏天',
  },
  {
    en: 'hides a forbidden love inside the royal court',
    fr: 'cache un amour interdit au cœur de la cour royale',
    de: 'verbirgt eine verbotene Liebe am Königshof',
    ja: '王宮の中で禁じられた恋を隠す',
    th: 'ซ่อนความรักต้องห้ามไว้ในราชสำนัก',
    'zh-TW': '在王宮中隱藏一段禁忌之戀',
  },
  {
    en: 'competes with a genius for the same scholarship',
    fr: 'affronte un génie pour la même bourse',
    de: 'kämpft mit einem Genie um dasselbe Stipendium',
    ja: '天才と同じ奨学金を争う',
    th: 'แข่งกับอัจฉริยะเพื่อชิงทุนเดียวกัน',
    'zh-TW': '與一位天才爭奪同一份獎學金',
  },
  {
    en: 'writes letters to a soldier he has never met',
    fr: "écrit des lettres à un soldat qu'il n'a jamais rencontré",
    de: 'schreibt Briefe an einen Soldaten, den er nie getroffen hat',
    ja: '会ったことのない兵士に手紙を書き続ける',
    th: 'เขียนจดหมายถึงทหารที่ไม่เคยพบหน้า',
    'zh-TW': '寫信給一位素未謀面的士兵',
  },
];

export const SUBJECTS: readonly Phrase[] = [
  {
    en: 'A young swordswoman',
    fr: 'Une jeune épéiste',
    de: 'Eine junge Schwertkämpferin',
    ja: '若き女剣士',
    th: 'นักดาบสาว',
    'zh-TW': '一位年輕女劍士',
  },
  {
    en: 'A retired assassin',
    fr: 'Un ancien assassin',
    de: 'Ein ehemaliger Auftragsmörder',
    ja: '引退した暗殺者',
    th: 'นักฆ่าที่วางมือ',
    'zh-TW': '一名退休殺手',
  },
  {
    en: 'A village healer',
    fr: 'Une guérisseuse de village',
    de: 'Eine Dorfheilerin',
    ja: '村の治癒師',
    th: 'หมอยาประจำหมู่บ้าน',
    'zh-TW': '一位鄉村治療師',
  },
  {
    en: 'An ordinary office worker',
    fr: 'Une employée de bureau ordinaire',
    de: 'Eine gewöhnliche Büroangestellte',
    ja: '平凡な会社員',
    th: 'พนักงานออฟฟิศธรรมดา',
    'zh-TW': '一名平凡的上班族',
  },
  {
    en: 'A runaway princess',
    fr: 'Une princesse en fuite',
    de: 'Eine entflohene Prinzessin',
    ja: '逃亡中の王女',
    th: 'เจ้าหญิงที่หนีออกจากวัง',
    'zh-TW': '一位逃亡的公主',
  },
  {
    en: 'A street racer',
    fr: 'Un pilote de rue',
    de: 'Ein Straßenrennfahrer',
    ja: '走り屋の青年',
    th: 'นักแข่งรถข้างถนน',
    'zh-TW': '一名街頭賽車手',
  },
  {
    en: 'A failed magician',
    fr: 'Un magicien raté',
    de: 'Ein gescheiterter Zauberer',
    ja: '落ちこぼれの魔術師',
    th: 'นักเวทที่ล้มเหลว',
    'zh-TW': '一位失敗的魔法師',
  },
  {
    en: 'A ghost-seeing student',
    fr: 'Une lycéenne qui voit les fantômes',
    de: 'Eine geistersehende Schülerin',
    ja: '幽霊が見える女子高生',
    th: 'นักเรียนสาวที่มองเห็นผี',
    'zh-TW': '一名看得見鬼的女學生',
  },
  {
    en: 'A gifted chef',
    fr: 'Une cheffe talentueuse',
    de: 'Eine begabte Köchin',
    ja: '天才料理人',
    th: 'เชฟฝีมือดี',
    'zh-TW': '一位天才廚師',
  },
  {
    en: 'A dragon tamer',
    fr: 'Un dompteur de dragons',
    de: 'Ein Drachenbändiger',
    ja: '竜使い',
    th: 'ผู้ฝึกมังกร',
    'zh-TW': '一名馴龍師',
  },
];

export const PREDICATES: readonly Phrase[] = [
  {
    en: 'must save a city that has forgotten the sun',
    fr: 'doit sauver une cité qui a oublié le soleil',
    de: 'muss eine Stadt retten, die die Sonne vergessen hat',
    ja: '太陽を忘れた街を救わなければならない',
    th: 'ต้องกอบกู้เมืองที่ลืมแสงอาทิตย์',
    'zh-TW': '必須拯救一座遺忘了太陽的城市',
  },
  {
    en: 'inherits a shop haunted by its former owner',
    fr: "hérite d'une boutique hantée par son ancien propriétaire",
    de: 'erbt einen Laden, in dem der frühere Besitzer spukt',
    ja: '前の持ち主の幽霊が出る店を相続する',
    th: 'ได้รับมรดกเป็นร้านที่มีวิญญาณเจ้าของเก่าสิงอยู่',
    'zh-TW': '繼承了一間被前任店主鬼魂纏上的小店',
  },
  {
    en: 'ends up in a tournament where losers vanish',
    fr: 'se retrouve dans un tournoi où les perdants disparaissent',
    de: 'gerät in ein Turnier, in dem die Verlierer verschwinden',
    ja: '敗者が消える大会に巻き込まれる',
    th: 'ถูกดึงเข้าสู่การแข่งขันที่ผู้แพ้จะหายไป',
    'zh-TW': '被捲入一場輸家會消失的比賽',
  },
  {
    en: 'signs a contract with a charming demon',
    fr: 'signe un contrat avec un démon charmeur',
    de: 'schließt einen Pakt mit einem charmanten Dämon',
    ja: '魅惑的な悪魔と契約を結ぶ',
    th: 'ทำสัญญากับปีศาจผู้มีเสน่ห์',
    'zh-TW': '與一位迷人的惡魔簽下契約',
  },
  {
    en: 'wakes up ten years in the past',
    fr: 'se réveille dix ans dans le passé',
    de: 'wacht zehn Jahre in der Vergangenheit auf',
    ja: '目覚めると十年前に戻っていた',
    th: 'ตื่นขึ้นมาในอดีตเมื่อสิบปีก่อน',
    'zh-TW': '醒來時回到了十年前',
  },
  {
    en: 'hunts the monsters that took everything',
    fr: 'traque les monstres qui ont tout pris',
    de: 'jagt die Monster, die alles genommen haben',
    ja: 'すべてを奪った怪物たちを狩る',
    th: 'ล่าอสูรที่พรากทุกสิ่งไป',
    'zh-TW': '獵殺奪走一切的怪物',
  },
  {
    en: 'hides a royal secret behind a cheerful smile',
    fr: 'cache un secret royal derrière un sourire joyeux',
    de: 'verbirgt ein königliches Geheimnis hinter einem fröhlichen Lächeln',
    ja: '明るい笑顔の裏に王家の秘密を隠す',
    th: 'ซ่อนความลับของราชวงศ์ไว้หลังรอยยิ้มสดใส',
    'zh-TW': '在開朗的笑容背後隱藏著皇家的秘密',
  },
  {
    en: 'falls for a stranger with a dangerous past',
    fr: "s'éprend d'un inconnu au passé dangereux",
    de: 'verliebt sich in einen Fremden mit gefährlicher Vergangenheit',
    ja: '危険な過去を持つ男に恋をする',
    th: 'ตกหลุมรักคนแปลกหน้าที่มีอดีตอันตราย',
    'zh-TW': '愛上了一個有著危險過去的陌生人',
  },
  {
    en: 'opens a tiny restaurant at the edge of the world',
    fr: 'ouvre un petit restaurant au bout du monde',
    de: 'eröffnet ein kleines Restaurant am Ende der Welt',
    ja: '世界の果てに小さな食堂を開く',
    th: 'เปิดร้านอาหารเล็ก ๆ ที่สุดขอบโลก',
    'zh-TW': '在世界的盡頭開了一家小餐館',
  },
  {
    en: 'races the clock to clear a stolen name',
    fr: 'court contre la montre pour laver un nom volé',
    de: 'kämpft gegen die Zeit, um einen gestohlenen Namen reinzuwaschen',
    ja: '盗まれた名誉を取り戻すため時間と戦う',
    th: 'แข่งกับเวลาเพื่อกู้ชื่อเสียงที่ถูกขโมย',
    'zh-TW': '與時間賽跑，洗清被盜用的名字',
  },
];

/** One sentence in each language's punctuation (Thai marks no full stop). */
export function composeSynopsis(subject: Phrase, predicate: Phrase): Localized {
  return {
    en: `${subject.en} ${predicate.en}.`,
    fr: `${subject.fr} ${predicate.fr}.`,
    de: `${subject.de} ${predicate.de}.`,
    ja: `${subject.ja}が${predicate.ja}。`,
    th: `${subject.th}${predicate.th}`,
    'zh-TW': `${subject['zh-TW']}${predicate['zh-TW']}。`,
  };
}

/** Invented pen names; none belongs to a real creator. */
export const PEN_NAMES: readonly string[] = [
  'Aoi Minase',
  'Lune Marchetti',
  'Kai Brandt',
  'Sora Velin',
  'Mira Kestrel',
  'Jun Halden',
  'Noé Castel',
  'Rin Takamura',
  'Elodie Vasseur',
  'Tobias Wren',
  'Pim Arunrat',
  'Mei-Lan Chou',
  'Yuki Asagiri',
  'Hana Moriya',
  'Leon Falk',
  'Camille Orsay',
  'Niko Sterne',
  'Ploy Siriwan',
  'Wei-Ting Hsu',
  'Ayaka Shirane',
  'Jonas Keller',
  'Inès Morel',
  'Ren Kurosawa',
  'Talia Brook',
  'Celeste Vey',
  'Haruki Mizuno',
  'Nattapong Kaew',
  'Lin Yu-Hsuan',
  'Margaux Delaunay',
  'Finn Albrecht',
  'Saya Kirihara',
  'Oscar Lindqvist',
  'Anya Roux',
  'Kit Ambers',
  'Yi-Ling Tsai',
  'Kanya Phrom',
  'Milo Vance',
  'Sena Aoyagi',
  'Gaspard Noir',
  'Dara Quill',
];

/** Tags by genre; a series draws its tags from its genres. Keyed by Genre so every code is listed. */
export const TAGS_BY_GENRE: Record<Genre, readonly string[]> = {
  BL: ['slow burn', 'enemies to lovers', 'office romance', 'childhood friends'],
  ROMANCE: ['first love', 'fake dating', 'second chance', 'contract marriage'],
  ACTION: ['martial arts', 'revenge', 'hunters', 'tournament'],
  MATURE: ['dark romance', 'obsession', 'forbidden love', 'age gap'],
  DRAMA: ['family', 'found family', 'coming of age', 'music'],
  FANTASY: ['reincarnation', 'magic academy', 'dragons', 'royalty'],
  COMEDY: ['slice of life', 'workplace', 'cooking', 'school life'],
  THRILLER: ['mystery', 'survival', 'detective', 'conspiracy'],
};

export const EPISODE_SUBTITLES: readonly string[] = [
  'First Meeting',
  'Rain at Dawn',
  'A Door Left Open',
  'The Rumour',
  'Unexpected Guest',
  'Old Wounds',
  'The Festival',
  'Crossroads',
  'Under the Same Roof',
  'A Long Night',
  'Confession',
  'The Storm',
  'Small Lies',
  'Behind the Mask',
  'The Price of Silence',
  'Homecoming',
  'A Borrowed Coat',
  'Midnight Train',
  'Fireworks',
  'The Letter',
  'Second Chances',
  'Shadows',
  'The Deal',
  'Turning Point',
  'Snowfall',
  'The Invitation',
  'Broken Glass',
  'Sunrise',
];

// Prose of the text novels: sentences with slots for the two leads, a place and an object.
export const PROSE_NAMES: readonly string[] = [
  'Elian',
  'Noa',
  'Rei',
  'Soren',
  'Mika',
  'Adrien',
  'Jun',
  'Lio',
  'Kasper',
  'Tae',
  'Mathis',
  'Yuto',
  'Arin',
  'Felix',
  'Sami',
  'Haru',
];
export const PROSE_PLACES: readonly string[] = [
  'old library',
  'harbour cafe',
  'rooftop garden',
  'night train',
  'palace kitchen',
  'empty theatre',
  'mountain inn',
  'flower shop',
];
export const PROSE_THINGS: readonly string[] = [
  'silver key',
  'unsent letter',
  'broken watch',
  'red umbrella',
  'music box',
  'faded photograph',
  'paper crane',
  'iron ring',
];
export const PROSE_SENTENCES: readonly string[] = [
  '{a} stood at the window of the {place} and watched the rain blur the lights outside.',
  'Nobody had told {b} that the {thing} would still be there after all these years.',
  '"You are late," {b} said, without looking up from the counter.',
  '{a} laughed, but the sound came out thinner than intended.',
  'The {place} smelled of dust, cold tea and something sweeter that {a} could not name.',
  'For a long moment neither of them moved, as if the smallest step might break something.',
  '{b} turned the {thing} over in his hands, feeling the old scratches with his thumb.',
  'Somewhere below, a door slammed and footsteps hurried away into the night.',
  '"If you leave now, I will not follow you," {a} said quietly.',
  'It was the kind of silence that asked a question neither of them wanted to answer.',
  '{a} remembered the first winter at the {place}, when everything had seemed simpler.',
  'The letter was short, and {b} read it three times before he understood.',
  'Outside, the wind pulled at the shutters as though it wanted to come in.',
  '{b} had promised himself he would not come back, and yet here he was.',
  'They walked side by side without speaking, their shadows touching before they did.',
  '"Tell me the truth," {b} said. "Just once."',
  '{a} set the {thing} on the table between them like a card he could no longer keep.',
  'The clock in the hall struck midnight, and the lamps flickered in answer.',
  'Morning came grey and slow, and with it the feeling that something had changed.',
  '{b} smiled then, really smiled, and {a} forgot what he had meant to say.',
  'Every step up the narrow stairs of the {place} creaked like an accusation.',
  'It would have been easy to lie. It would have been easier still to say nothing.',
  '{a} pressed his palm against the cold glass and counted his heartbeats until they slowed.',
  'Later, neither of them could say who had reached out first.',
];
