/**
 * Word lists for the invented library. Names should read like real releases without being
 * any real artist's, so the demo never shows (or misattributes) real music.
 */
const list = (text: string): readonly string[] => text.split(/,\s*/);

export const FIRST_NAMES = list(
  'Ada, Bruno, Carmen, Dario, Elif, Freya, Gideon, Hana, Ivo, Juno, Kasimir, Lio, Maren, Nilo, Odette, Pim, Quinn, Rosalie, Soren, Talia, Ulla, Vesna, Wren, Yara, Zeno, Noor, Anouk, Teodor, Ines, Malik',
);

export const LAST_NAMES = list(
  'Aldana, Brightwater, Castellan, Devereux, Eskildsen, Farrow, Greaves, Halvorsen, Ilic, Jansky, Kowal, Lindqvist, Moreau, Nakamura, Okonkwo, Pereira, Quist, Rainier, Szabo, Thornbury, Umarov, Vasquez, Whitlow, Yilmaz, Zeller, Achterberg, Marchetti, Solberg',
);

export const BAND_ADJECTIVES = list(
  'Velvet, Paper, Neon, Hollow, Golden, Quiet, Electric, Wandering, Silver, Midnight, Tidal, Crimson, Lunar, Northern, Static, Amber, Glass, Wild',
);

export const BAND_NOUNS = list(
  'Lanterns, Harbours, Foxes, Satellites, Orchards, Pilots, Tides, Mirrors, Ghosts, Comets, Weavers, Parades, Cathedrals, Engines, Sparrows, Atlases, Monuments, Rivers',
);

export const SINGLE_WORD_ACTS = list(
  'Kaleido, Mireille, Solenne, Ostrava, Brisk, Halcyon, Tovah, Nuvola, Phonique, Lumen, Ozymand, Verra',
);

export const TITLE_ADJECTIVES = list(
  'Slow, Blue, Burning, Empty, Borrowed, Gentle, Restless, Broken, Endless, Sudden, Faded, Bright, Secret, Heavy, Weightless, Perfect, Open, Lonely, Distant, Electric, Silent, Wild, Golden, Second, Last',
);

export const TITLE_NOUNS = list(
  'Summer, Signal, Highway, Weather, Garden, Horizon, Daylight, Letters, Shoreline, Satellite, Fever, Window, Heartbeat, Avenue, Frequency, Harbour, Mirror, Skyline, Echo, Paradise, Compass, Carousel, Lighthouse, Thunder, Postcard, Meadow, Rooftop, Velvet, Station, Island',
);

export const TITLE_VERBS = list(
  'Hold, Chase, Follow, Wake, Call, Carry, Find, Keep, Leave, Dance with, Forget, Light, Remember, Outrun, Believe',
);

export const TITLE_PLACES = list(
  'Lisbon, Osaka, Marseille, Brooklyn, Reykjavik, Tbilisi, Valparaiso, Glasgow, Tangier, Kyoto, Bergen, Montreal',
);

export const TITLE_TIMES = list(
  'Morning, Nights, in June, at Dawn, After Midnight, in the Rain, Forever, Tonight, Again, Someday',
);

export const VENUES = list(
  'the Paradiso, Brixton Academy, Red Hall, the Roundhouse, Vega, Le Trianon, the Fillmore, Olympia Theatre',
);

export const REMIXERS = list('Kaleido, Nightjar, Moss & Mirth, DJ Tamsin, Oberon, Felt Tip');

export const ISRC_COUNTRIES = list('US, GB, SE, DE, NL, FR, CA, AU, NO, ES');
