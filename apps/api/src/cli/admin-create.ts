/** Entry of `npm run admin:create` (tsx in development; `node dist/admin-create.js` after a build). */
import { createOperatorCli } from './create-operator';

const code = await createOperatorCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exit(code);
