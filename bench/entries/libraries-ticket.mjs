// The lazily loaded screen of bench/entries/libraries.mjs: inlined by the size build (its import is
// made part of the one bundle, as the size benchmark measures one file).
import { h } from 'preact';

export default function Ticket({ params }) {
  return h('h2', null, params.id);
}
