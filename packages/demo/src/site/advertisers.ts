// Invented advertisers whose creatives fill the demo site's ad slots.
export interface Advertiser {
  name: string;
  tagline: string;
  cta: string;
  background: string;
  accent: string;
}

export const ADVERTISERS: Advertiser[] = [
  { name: 'Harbourlight Coffee', tagline: 'Roasted on the quay since 1987', cta: 'Find a café', background: '#2f1b12', accent: '#e8b04b' },
  { name: 'Northwind Bikes', tagline: 'E-bikes built for hills and headwinds', cta: 'Book a test ride', background: '#0d3b4f', accent: '#5fd3a8' },
  { name: 'Alder Savings Bank', tagline: 'A fixed 3.1 % on twelve-month deposits', cta: 'Open an account', background: '#163a2a', accent: '#f2f2e9' },
  { name: 'Tidewater Theatre', tagline: 'The Winter’s Tale — until 21 December', cta: 'Get tickets', background: '#3b0f2e', accent: '#ffcf6e' },
  { name: 'Greenhouse Grocers', tagline: 'Local vegetables, delivered tomorrow', cta: 'Order now', background: '#f4f1e6', accent: '#2e7d32' },
  { name: 'Kestrel Air', tagline: 'Alderport to Lisbon from €59', cta: 'See fares', background: '#0b2a6f', accent: '#ffffff' },
];
