// The webhook receiver of `npm run bench -- webhooks`, in a process of its own (its work is not the server's):
// answers every POST 200 at once, prints its port on start and, on SIGTERM, how many messages it received.
import http from "node:http";

let received = 0;
const server = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    received += 1;
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("ok");
  });
});
server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ port: server.address().port }));
});
process.on("SIGTERM", () => {
  console.log(JSON.stringify({ received }));
  process.exit(0);
});
