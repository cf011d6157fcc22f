// The physical limit for our HTTP layer: node:http answering with fixed bytes.
// Reads { routes: { [path]: { status, headers, body } } } as JSON from argv[2].
import { createServer } from 'node:http';

const { routes } = JSON.parse(process.argv[2]);
const prepared = new Map(
  Object.entries(routes).map(([path, answer]) => [path, { ...answer, body: Buffer.from(answer.body, 'utf8') }]),
);
const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  const answer = prepared.get(req.url);
  if (!answer) {
    res.statusCode = 404;
    res.end();
    return;
  }
  res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
