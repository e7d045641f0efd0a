// The Daily Gazette's stories: invented local news for the fictional city of Alderport, written for the demo.
// A paragraph that starts with '## ' is a subheading.

export interface Category {
  slug: string;
  name: string;
}

export interface Article {
  slug: string;
  category: string;
  title: string;
  teaser: string;
  author: string;
  published: string;
  /** Relative weight of the story in the simulated traffic (how much readers want it). */
  popularity: number;
  body: string[];
}

export const CATEGORIES: Category[] = [
  { slug: 'local', name: 'Local' },
  { slug: 'business', name: 'Business' },
  { slug: 'sport', name: 'Sport' },
];

export const ARTICLES: Article[] = [
  {
    slug: 'tram-extension-approved',
    category: 'local',
    title: 'Council approves €48m tram extension to Eastfield after six-hour debate',
    teaser: 'The new line will add four stops and link the hospital to the city centre by 2029, but shop owners on Mill Road fear two years of roadworks.',
    author: 'Maren Holt, City Hall correspondent',
    published: 'Tuesday 12 November',
    popularity: 30,
    body: [
      'Alderport city council last night approved a 3.2-kilometre extension of the Line 2 tram to Eastfield, ending a decade of studies, consultations and false starts. The vote, which came shortly before midnight after a six-hour session, passed by 31 votes to 17, with two abstentions.',
      'The €48 million project will add four stops between Carden Square and the Eastfield hospital campus, where more than 4,000 people work. Trams are expected to run every seven minutes at peak times, and the council estimates the journey from the hospital to the central station will fall from 34 minutes by bus to 16.',
      '"This is the most important transport decision this city has made in a generation," said deputy mayor Ilse Bruckner, who has led the project since 2021. "People in Eastfield have waited long enough for a reliable connection to the rest of Alderport."',
      '## A long road to the vote',
      'An extension to Eastfield was first proposed in the 2014 mobility plan, but the project stalled twice: first when the regional government withdrew co-funding in 2016, and again in 2020 when construction prices rose sharply. The current plan is cheaper than the original because it reuses the old freight corridor along the canal for almost a kilometre.',
      'The regional transport authority will pay 40 per cent of the cost, and the council expects a further 25 per cent from the national urban mobility fund, for which it applied in September. The remainder will come from the council\'s capital budget over five years, meaning other projects, including the planned renovation of the Westgate swimming pool, will be delayed by at least two years.',
      'Opposition councillors questioned that trade-off. "Nobody is against better transport," said Tomas Riedel, leader of the Citizens\' Alliance group. "But we are being asked to sign a cheque before we know whether the national fund will pay its share. If it does not, who covers the gap?"',
      'Finance officers told the meeting that the council has set aside a contingency reserve of €6 million and that the project would be scaled back to three stops if national funding is refused.',
      '## Worries on Mill Road',
      'The most heated part of the debate concerned Mill Road, the narrow shopping street the line will follow for 600 metres. Traders there say they were promised a say in how construction would be phased, and fear that two years of roadworks will drive customers away for good.',
      'Petra Lindqvist, who has run a bakery on Mill Road for 19 years, addressed the council during the public session. "We are not asking you to stop the tram. We are asking you not to close the street for two years and then tell us we should have planned better," she said, to applause from the public gallery.',
      'The council agreed to an amendment setting up a compensation fund of €1.2 million for businesses that can show a fall in turnover of more than 20 per cent during the works. Construction on Mill Road will also be split into three sections, so that at least two thirds of the street stays open to pedestrians at all times.',
      'Some residents remain unconvinced. A petition calling for the line to use the wider Harbour Avenue instead gathered 2,300 signatures over the summer. Engineers said that route would be 800 metres longer and would miss the Eastfield secondary school, which some 1,100 pupils attend.',
      '## What happens next',
      'Detailed design work will start in January, and the council hopes to award the main construction contract by the end of next year. Utility diversions, including the replacement of a 90-year-old water main under Mill Road, are expected to begin in spring 2027.',
      'If the timetable holds, the first trams would reach Eastfield in the autumn of 2029. The council will hold four public information evenings in the new year, the first at Eastfield community centre on 14 January.',
      'Ms Bruckner said she understood the concerns of traders but insisted the city could not afford to wait any longer. "Every year we delay, the project becomes more expensive and the traffic on the Eastfield road gets worse," she said. "Tonight we finally decided to build it."',
    ],
  },
  {
    slug: 'reservoir-summer-water-savings',
    category: 'local',
    title: 'The summer the reservoir ran low: how Alderport learned to save water',
    teaser: 'When the Greywell reservoir fell to 38 per cent in August, the city had weeks to change its habits. A look at what worked, what did not, and what comes next.',
    author: 'Jonas Feld, environment reporter',
    published: 'Saturday 9 November',
    popularity: 20,
    body: [
      'On the morning of 14 August, the engineers at the Greywell treatment works recorded a number they had only seen once before: the reservoir that supplies two thirds of Alderport\'s drinking water stood at 38 per cent of capacity. It was the lowest August level since measurements began in 1961, and there was no rain in the forecast.',
      'Within 48 hours, the water company and the city council had announced the first hosepipe ban in 22 years. Within three weeks, household consumption had fallen by almost a fifth. By the time the autumn rains arrived in late September, the reservoir had bottomed out at 31 per cent, uncomfortably close to the 25 per cent level at which emergency measures would have begun.',
      'How the city got through the summer, and how close it came to standpipes in the street, is a story of quick decisions, some luck with the weather, and a surprising change in the way people used water at home.',
      '## A dry spring, then a hot summer',
      'The trouble began long before August. Rainfall across the Greywell catchment between March and June was 46 per cent of the long-term average, according to the regional weather service. The reservoir, which is usually full in May, never rose above 81 per cent.',
      '"A dry spring on its own is manageable," said Dr Anneke Voss, a hydrologist at Alderport University who advises the water company. "The problem is when it is followed by a hot summer, because demand rises exactly when the supply is already low. That is what happened this year."',
      'July was the second-hottest on record in the region, with 11 days above 30 degrees. On the hottest day, 23 July, the city used 94 million litres of water, about 30 per cent more than on a normal summer day. Much of the increase went on gardens, according to the water company\'s analysis of its network data, with peaks between 7pm and 10pm when people came home and switched on sprinklers.',
      '## The ban and the backlash',
      'The hosepipe ban, which came into force on 17 August, prohibited the use of hoses to water gardens, wash cars or fill private swimming pools and paddling pools. Fines of up to €1,000 were possible, although in the end none were issued.',
      'The announcement was not universally welcomed. The water company loses roughly a quarter of the water it treats through leaks in its 1,400-kilometre network, and many residents asked why they should cut back while the company did not fix its pipes. A letter to this newspaper from a reader in Hollins Park, arguing that "the leaks should be banned before the hosepipes", was shared thousands of times online.',
      'Marit Olsen, the water company\'s operations director, acknowledged the frustration. "Leakage is too high and we know it," she said. "But you cannot fix a network of this size in a few weeks. In August we had to manage the water we had, and the fastest lever was demand."',
      'The company says it has since brought forward €14 million of pipe replacement from its next five-year plan and has doubled the number of leak detection crews, from six to twelve. It aims to bring leakage down to 18 per cent by 2030.',
      '## What actually made the difference',
      'The most striking result of the summer was not the ban itself but what happened inside homes. Data from 3,200 households with smart meters, shared with the Gazette by the water company, shows that indoor consumption fell by 11 per cent in the four weeks after the ban, even though the ban did not apply indoors at all.',
      'Dr Voss believes the publicity around the reservoir changed behaviour more than the rules did. "People saw photographs of the dry banks at Greywell on the front page and on social media, and they started taking shorter showers and running the dishwasher only when it was full," she said. "That kind of voluntary change is usually hard to achieve. This summer, people could see the problem."',
      'The council played its part too. Parks staff stopped watering lawns in all but three public gardens, letting the grass turn brown, and the fountains in Carden Square and the harbour promenade were switched off. Street cleaning switched to recycled water from the treatment works at Saltmarsh, saving an estimated 2 million litres over six weeks.',
      'Businesses were asked to report their usage weekly. The largest industrial user, the Norrland paper mill on the river, agreed to delay a planned production increase until October and to reuse more of its process water, cutting its draw from the public supply by 15 per cent.',
      '## The near miss',
      'Despite these efforts, the margin was thin. Internal planning documents seen by the Gazette show that if the September rains had come two weeks later, the water company would have applied for a drought order, allowing it to reduce pressure across the network at night and, in the worst case, to interrupt supplies to some districts.',
      '"We were preparing for rota cuts in the higher parts of the city, where pressure drops first," Ms Olsen confirmed. "We had the plans ready, and I am very glad we did not have to use them."',
      'Rainfall in the last week of September was 180 per cent of normal, and the reservoir rose by 9 percentage points in ten days. The hosepipe ban was lifted on 8 October. The reservoir currently stands at 63 per cent, still below the average for November.',
      '## Getting ready for next year',
      'Climate scientists expect dry springs and hot summers to become more frequent in the region. The water company has published a plan that includes reopening the disused Brenner springs north of the city, which could supply up to 8 million litres a day, and a feasibility study for a pipeline to the neighbouring Tarn valley reservoir.',
      'Both will take years. In the meantime, the council is offering free water-saving kits, with shower timers and tap aerators, to every household that asks for one, and has changed planning rules so that new homes must collect rainwater for garden use.',
      'For Dr Voss, the lesson of the summer is that a city can adapt faster than expected when it understands the problem. "The infrastructure matters, and it has been neglected," she said. "But this summer showed that the people of Alderport can cut their use by a fifth in a few weeks. That is a resource in itself, and we should not wait for the next crisis to use it."',
      'The water company will present its updated drought plan at a public meeting in the city library on 3 December. The full smart-meter data set used in this article is available on the company\'s website.',
    ],
  },
  {
    slug: 'harbour-freight-third-quarter',
    category: 'business',
    title: 'Harbour freight volumes climb for a third straight quarter',
    teaser: 'Container traffic at the Port of Alderport rose 7 per cent year on year, helped by a new weekly service to the Baltic and the reopened rail link.',
    author: 'Sofia Brandt, business editor',
    published: 'Thursday 7 November',
    popularity: 18,
    body: [
      'Freight volumes at the Port of Alderport rose for a third consecutive quarter between July and September, according to figures published by the port authority on Wednesday. The port handled 212,000 containers in the period, 7 per cent more than a year earlier, and 1.9 million tonnes of bulk cargo, up 3 per cent.',
      'The increase was driven mainly by a new weekly container service to Baltic ports, launched in May by the shipping line Nordvik, and by the reopening of the rail link to the inland terminal at Kessler, which had been closed for repairs for most of last year.',
      '"The rail connection is the big story," said Hanna Weiss, the port authority\'s chief executive. "More than a quarter of our containers now leave the port by train, compared with 17 per cent two years ago. That takes about 300 lorries a day off the ring road."',
      '## Jobs and investment',
      'The port employs around 2,600 people directly and supports an estimated 7,000 further jobs in logistics, warehousing and services in the region. Ms Weiss said the authority expected to hire about 120 more staff next year, mainly crane operators and technicians for the new electric straddle carriers delivered in October.',
      'The authority is also pressing ahead with plans to deepen the main channel by 1.5 metres, which would allow larger vessels to call at Alderport without waiting for high tide. The project is currently in environmental review, and a decision from the regional government is expected in the spring.',
      'Environmental groups have raised concerns about the effect of dredging on the seagrass meadows at the mouth of the estuary. The port says it will replant an area twice the size of any meadow affected.',
      '## Clouds on the horizon',
      'Not all the news was positive. Bulk exports of grain fell by 11 per cent after a poor harvest in the region, and the port\'s cruise business, which brings around 60 ships a year, had a weaker season than expected after two lines cancelled calls because of fuel costs.',
      'Analysts also warn that the growth in container traffic may slow next year. "A lot of this year\'s increase comes from one new service," said Daniel Kurz, a transport economist at the Baltic Trade Institute. "The underlying trade with the rest of Europe is flat. The port has done well, but it should not assume this pace can continue."',
      'The port authority will publish its full-year results in March.',
    ],
  },
  {
    slug: 'library-weekend-hours',
    category: 'local',
    title: 'Central library to open on Sundays from March',
    teaser: 'Alderport Central Library will open from 11am to 5pm on Sundays, the first time in its 112-year history, after a pilot drew more than 6,000 visitors.',
    author: 'Lena Park',
    published: 'Wednesday 13 November',
    popularity: 14,
    body: [
      'Alderport Central Library will open on Sundays from 2 March, the council announced on Tuesday, the first time in its 112-year history that the building on Carden Square will welcome readers seven days a week.',
      'The decision follows a pilot over eight Sundays in September and October, which drew more than 6,000 visitors, many of them families with young children and students preparing for exams. Sunday hours will be 11am to 5pm.',
      '"The pilot showed that there is real demand," said librarian Greta Sundberg. "On some Sundays we had queues at the door before we opened. People want a warm, quiet place to read and study at the weekend, and a library is exactly that."',
      'The extra opening will cost around €140,000 a year, paid for by savings from the library\'s new self-service machines. Staff will work Sundays on a voluntary rota, and no branch libraries will lose hours.',
    ],
  },
  {
    slug: 'rovers-hold-leaders',
    category: 'sport',
    title: 'Ten-man Rovers hold league leaders to goalless draw',
    teaser: 'Alderport Rovers survived 50 minutes with ten men after Nils Berg\'s red card to take a point from unbeaten Kestrel City at a packed Wharf Lane.',
    author: 'Erik Sand, sport',
    published: 'Sunday 10 November',
    popularity: 16,
    body: [
      'Alderport Rovers earned a hard-fought point against league leaders Kestrel City on Saturday, holding out for a goalless draw despite playing the entire second half with ten men in front of 9,400 supporters at Wharf Lane.',
      'Midfielder Nils Berg was shown a straight red card in the 41st minute for a late challenge on Kestrel\'s captain, Aron Veldt. Berg appeared to win the ball first, but referee Kai Lenz ruled that the follow-through endangered his opponent. Rovers manager Ida Marsh called the decision "harsh, but not one I will argue about in public".',
      'Kestrel, who have won eleven of their thirteen league games, dominated possession after the break and hit the post twice, first through Veldt\'s header in the 58th minute and then with a low shot from substitute Leo Hartmann five minutes from time.',
      'Rovers goalkeeper Tobias Wren made six saves, the best of them a fingertip stop from a Hartmann free kick in stoppage time. "Tobi was outstanding," Marsh said. "But so was everyone. They ran for each other for fifty minutes, and that is what this club is about."',
      'The point lifts Rovers to seventh in the table, four points from the play-off places. Berg will miss the next three matches, starting with the trip to Harwick on Saturday.',
      'Kestrel manager Samuel Ortiz was frustrated not to take all three points. "Against ten men at home you expect chances, and we had them," he said. "Credit to Alderport, they defended well, but we should have been more clinical."',
    ],
  },
];

/** Short items on the home and category pages: news that has no article page of its own. */
export const BRIEFS: Array<{ category: string; title: string; text: string }> = [
  { category: 'local', title: 'Night buses return to Line 7', text: 'Night services between the central station and Hollins Park resume on Friday after a six-month pause caused by a shortage of drivers. Buses will run every 30 minutes until 3am at weekends.' },
  { category: 'local', title: 'Canal path closed for bridge repairs', text: 'The towpath between Lock 4 and the Saltmarsh footbridge will be closed for three weeks from Monday while engineers replace the bridge deck. A signed diversion runs along Ferry Street.' },
  { category: 'business', title: 'Bakery chain opens fourth shop', text: 'Kornhaus, the family bakery founded on Mill Road in 1998, opens its fourth shop in the new Eastfield shopping centre next month, creating 14 jobs.' },
  { category: 'local', title: 'Recycling centre extends hours', text: 'The Greywell Road recycling centre will stay open until 7pm on weekdays from December, after residents complained about queues on Saturdays.' },
  { category: 'sport', title: 'City marathon entries open', text: 'Registration for the spring city marathon opened on Monday. Organisers expect 6,000 runners and have added a relay category for teams of four.' },
  { category: 'business', title: 'Software firm moves to the old customs house', text: 'Alderport software company Tidewater Systems has signed a ten-year lease on the restored customs house on the quay and plans to double its staff of 80 by 2028.' },
  { category: 'local', title: 'School crossing patrol wins award', text: 'Ruth Anders, who has helped children cross Harbour Avenue for 27 years, has been named crossing patrol of the year by the regional road safety council.' },
  { category: 'sport', title: 'Swimming club seeks new pool time', text: 'Alderport Swimming Club says it may have to cap membership after the Westgate pool renovation was postponed, and has asked the council for extra hours at the university pool.' },
  { category: 'local', title: 'Museum reopens maritime gallery', text: 'The city museum\'s maritime gallery reopens on Saturday after a two-year refurbishment, with a restored 19th-century pilot boat as its centrepiece.' },
  { category: 'business', title: 'Market hall traders agree new rents', text: 'Traders at the covered market have agreed a three-year rent deal with the council that limits annual increases to 3 per cent.' },
];

export function articleBySlug(slug: string): Article | undefined {
  return ARTICLES.find((article) => article.slug === slug);
}

export function categoryBySlug(slug: string): Category | undefined {
  return CATEGORIES.find((category) => category.slug === slug);
}

export function articlePath(article: Article): string {
  return `/${article.category}/${article.slug}`;
}
