import { rollup } from 'rollup';
import { minify } from 'terser';
import config from '../rollup.config.mjs';
const shipped = config.find((c) => c.output.file === 'dist/emweb.js');
const bundle = await rollup({ input: shipped.input, onwarn() {}, plugins: shipped.plugins });
const { output } = await bundle.generate({ format: 'es' });
for (const [id, m] of Object.entries(output[0].modules)) {
  if (!id.endsWith(process.argv[2])) continue;
  const { code } = await minify(m.code, { ecma: 2022, module: true, compress: false, mangle: { toplevel: true, properties: { regex: /^_[a-zA-Z]/ } }, format: { comments: false } });
  console.log(code);
}
