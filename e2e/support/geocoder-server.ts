// A Nominatim-compatible stand-in for the journeys (this machine cannot reach the real one):
// GET /search?q=… answers jsonv2 places whose name contains the words asked; GET /queries lists
// what was asked, so a journey can see what the product sent upstream.
import http from 'node:http';

const PLACES = [
  { display_name: 'Bv. San Juan 650, Córdoba, Argentina', lat: '-31.4215', lon: '-64.1925' },
  { display_name: 'Av. Colón 1000, Córdoba, Argentina', lat: '-31.4112', lon: '-64.1963' },
  { display_name: 'Obispo Trejo 300, Córdoba, Argentina', lat: '-31.4225', lon: '-64.1869' },
];
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const queries: string[] = [];
const port = Number(process.argv[2] ?? process.env.GEOCODER_PORT);

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/queries') return res.end(JSON.stringify(queries));
    if (url.pathname !== '/search') {
      res.statusCode = 404;
      return res.end('[]');
    }
    const q = url.searchParams.get('q') ?? '';
    queries.push(q);
    const words = fold(q).split(/\s+/).filter(Boolean);
    res.end(JSON.stringify(PLACES.filter((p) => words.every((w) => fold(p.display_name).includes(w)))));
  })
  .listen(port, '127.0.0.1');
