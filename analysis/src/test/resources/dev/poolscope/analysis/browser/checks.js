// What a person would look for on a poolscope page, asked of the page Chromium rendered. Each check returns
// {sections: {id: [problem, ...]}, links: [relative href, ...], tables: {id: [[[cell]]]}}; an empty list of
// problems is a section that rendered.
// Evaluated by PageVisit as one expression: the last line picks the check.

const GRID = '#e5e5e5';

function text(el) {
  return el ? el.textContent.trim() : '';
}

// Bars, dots and data lines: what a chart draws beyond its axes and grid.
function marks(svg) {
  return svg.querySelectorAll('rect, circle').length
      + [...svg.querySelectorAll('polyline')].filter(l => l.getAttribute('stroke') !== GRID).length;
}

function plotProblems(svg, where) {
  const out = [];
  if (marks(svg) === 0) {
    out.push(where + ': a chart with nothing drawn');
  }
  const vb = svg.viewBox.baseVal;
  const boxes = [...svg.querySelectorAll('text')].filter(t => text(t) !== '')
      .map(t => ({t: text(t), b: t.getBBox()}));
  for (const {t, b} of boxes) {
    if (b.x < vb.x - 0.5 || b.y < vb.y - 0.5 || b.x + b.width > vb.x + vb.width + 0.5
        || b.y + b.height > vb.y + vb.height + 0.5) {
      out.push(where + ': label "' + t + '" is cut off by the chart\'s edge');
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i].b, b = boxes[j].b;
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 1 && h > 1) {
        out.push(where + ': label "' + boxes[i].t + '" is drawn over "' + boxes[j].t + '"');
      }
    }
  }
  return out;
}

function tableProblems(table, where) {
  const rows = [...table.querySelectorAll('tr')].filter(r => r.querySelector('td'));
  if (rows.length === 0) {
    return [where + ': a table with no rows'];
  }
  return rows.some(r => [...r.querySelectorAll('td')].some(td => text(td) !== ''))
      ? [] : [where + ': a table whose cells are all empty'];
}

// Every section: a heading, some content, every chart drawn and every table filled.
function sectionProblems(s) {
  const where = text(s.querySelector('h2')) || ('section #' + s.id);
  const out = [];
  if (!s.querySelector('h2')) {
    out.push('section #' + s.id + ' has no heading');
  }
  const plots = [...s.querySelectorAll('svg.plot')];
  const tables = [...s.querySelectorAll('table')];
  const prose = [...s.querySelectorAll('p, pre')].filter(p => text(p) !== '');
  if (plots.length + tables.length + prose.length === 0) {
    out.push(where + ': empty');
  }
  plots.forEach((p, i) => out.push(...plotProblems(p, where + ', chart ' + (i + 1))));
  tables.forEach((t, i) => out.push(...tableProblems(t, where + ', table ' + (i + 1))));
  return out;
}

function need(ok, problem) {
  return ok ? [] : [problem];
}

// A table's cells by its header: {header: [cell of row 1, cell of row 2, ...]}.
function columns(table) {
  const header = [...table.querySelectorAll('tr:first-child th')].map(text);
  const out = {};
  header.forEach(h => out[h] = []);
  [...table.querySelectorAll('tr')].filter(r => r.querySelector('td')).forEach(r =>
      [...r.querySelectorAll('td')].forEach((td, i) => out[header[i]] && out[header[i]].push(text(td))));
  return out;
}

function tableWith(section, header) {
  return [...section.querySelectorAll('table')]
      .find(t => [...t.querySelectorAll('tr:first-child th')].some(th => text(th) === header));
}

function clientServerProblems(s) {
  const out = [];
  const join = tableWith(s, 'match rate');
  const percentiles = tableWith(s, 'p99 ms');
  if (!join || !percentiles) {
    return ['7. Client vs server: the join table or the percentiles are missing'];
  }
  const j = columns(join);
  const client = [...percentiles.querySelectorAll('tr')].find(r => text(r.querySelector('td')).startsWith('client'));
  const samples = client ? Number(text(client.querySelectorAll('td')[1])) : NaN;
  const matched = Number(j['matched by request id'][0]) + Number(j['matched by path and time (approximate)'][0]);
  const shown = j['match rate'][0];
  if (samples > 0) {
    const expected = 100 * matched / samples;
    const m = /^(\d+(\.\d+)?)%$/.exec(shown);
    out.push(...need(m && Math.abs(Number(m[1]) - expected) <= 0.05,
        '7. Client vs server: match rate "' + shown + '" for ' + matched + ' of ' + samples
        + ' client samples (' + expected.toFixed(1) + '%)'));
  } else {
    out.push(...need(shown === '–', '7. Client vs server: match rate "' + shown + '" without client samples'));
  }
  const serverOnly = Number(j['server only'][0]);
  if (serverOnly > 0) {
    const which = tableWith(s, 'server-only requests');
    const counts = which ? columns(which)['server-only requests'].map(Number) : [];
    const sum = counts.reduce((a, b) => a + b, 0);
    out.push(...need(which && sum === serverOnly, '7. Client vs server: ' + serverOnly
        + ' requests are server only, and the table of which they are adds up to ' + sum));
  }
  return out;
}

function report() {
  const numbered = {
    'summary': s => need(s.querySelectorAll('.card .v').length >= 4
        && [...s.querySelectorAll('.card .v')].every(v => text(v) !== ''), '1. Summary: cards missing or empty')
        .concat(need(s.querySelectorAll('svg.plot').length >= 1, '1. Summary: no latency chart')),
    'xlog': s => need([...s.querySelectorAll('svg.plot')].some(p => p.querySelectorAll('circle').length > 0),
        '3. XLog: no request drawn'),
    'steps': s => need(s.querySelectorAll('h3 + table, div > table').length >= 1, '4. Step profiles: none'),
    'gaps': s => need(s.querySelectorAll('svg.plot').length >= 2 && s.querySelectorAll('table').length >= 1,
        '6. Gap explanation: a chart or the table is missing'),
    'client-server': clientServerProblems,
    'threads': s => need([...s.querySelectorAll('svg.plot')].some(p => p.querySelectorAll('rect').length > 0),
        '8. Threads: no lanes drawn'),
    'flames': s => need(s.querySelectorAll('h3').length >= 1
        && [...s.querySelectorAll('h3')].every(h => h.nextElementSibling && text(h.nextElementSibling) !== ''),
        '9. Flame graphs: a graph with neither a link nor a note'),
    'diagnosis': s => need(text(s.querySelector('p strong')) !== '', '2. Diagnosis: no primary cause')
        .concat(need(s.querySelectorAll('table tr td').length > 0, '2. Diagnosis: no rules'))
        .concat(need(text(s.querySelector('h3 + p')) !== '', '2. Diagnosis: no recommendation')),
    'agent-cost': s => need(text(s.querySelector('h2 + p')) !== '', '10. Agent cost: no sentence'),
  };
  return page(numbered);
}

function compare() {
  return page({
    'recommendation': s => need(s.querySelectorAll('p').length >= 1, 'Recommendation: none'),
    'timelines': s => need(s.querySelectorAll('.timeline').length >= 2
        && [...s.querySelectorAll('.timeline')].every(t => t.querySelector('svg.plot') || text(t.querySelector('p'))),
        'Worker threads over time: a setting with neither lanes nor a note'),
    'gaps': s => need(s.querySelectorAll('svg.plot rect').length >= 2, 'Gap explanation: no bars'),
    'flame-diff': s => need(text(s.querySelector('p')) !== '', 'Differential flame graph: neither a link nor a note'),
  });
}

// The sections a page must have, each checked generically and by its own rule; and the nav's links resolve.
function page(required) {
  const sections = {};
  for (const id of Object.keys(required)) {
    const s = document.getElementById(id);
    sections[id] = s ? sectionProblems(s).concat(required[id](s)) : ['section #' + id + ' is missing'];
  }
  for (const s of document.querySelectorAll('section')) {
    if (!(s.id in sections)) {
      sections[s.id] = sectionProblems(s);
    }
  }
  const nav = [...document.querySelectorAll('nav a')].map(a => a.getAttribute('href'))
      .filter(h => h.startsWith('#') && !document.getElementById(h.substring(1)));
  if (nav.length > 0) {
    sections['nav'] = nav.map(h => 'the menu links to ' + h + ', which is not on the page');
  }
  const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))
      .filter(h => !h.startsWith('#') && !/^[a-z]+:/.test(h));
  // What the tables say, cell by cell, for tests that expect exact values.
  const tables = {};
  for (const s of document.querySelectorAll('section')) {
    tables[s.id] = [...s.querySelectorAll('table')]
        .map(t => [...t.querySelectorAll('tr')].map(r => [...r.querySelectorAll('th, td')].map(text)));
  }
  return {sections, links, tables};
}

// async-profiler's flame graph: frames parsed into its levels, and drawn on the canvas.
function flame() {
  const out = [];
  const frames = typeof levels === 'undefined' ? -1 : levels.reduce((n, l) => n + l.length, 0);
  out.push(...need(frames > 1, 'no frames (' + frames + ')'));
  const canvas = document.getElementById('canvas');
  let drawn = 0;
  if (canvas && canvas.width > 0 && canvas.height > 0) {
    const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < px.length; i += 4) {
      if (px[i + 3] > 0 && (px[i] < 250 || px[i + 1] < 250 || px[i + 2] < 250)) {
        drawn++;
      }
    }
  }
  out.push(...need(drawn > 0, 'nothing drawn on the canvas'));
  out.push(...need(text(document.querySelector('h1')) !== '', 'no title'));
  return {sections: {'flame graph': out}, links: []};
}
