import { rollup } from 'rollup';

const configs = (await import('./rollup.config.mjs')).default;
const cfg = configs[0];
const bundle = await rollup({ input: cfg.input, plugins: cfg.plugins });
const { output } = await bundle.generate({ format: 'iife' });
for (const [id, m] of Object.entries(output[0].modules)) if (id.includes(process.argv[2])) console.log(m.code);
