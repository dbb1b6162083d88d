// <sprout-grow>: what each worker's messages do to the race (worker.js lists them). Each toy
// has one worker; a message from a toy the race no longer has (after Start or Reset) is dropped.
import { sentence } from '../common/format.js';
import { divergedSentence, outcomeSentence } from './text.js';

const ON = {
  ready(grow, model) {
    model.ready = true;
    if (grow.state === 'loading' && grow.session.allReady()) {
      grow.setState('running');
      grow.lines.announce(outcomeSentence(grow.models));
    }
  },

  holding(grow, model, { step }) {
    model.holding = true;
    // the step it stopped at: progress reports are thinned out, and the pause lands between steps
    grow.session.progress(model.layers, step, model.perSecond);
    if (grow.paused && grow.session.allHolding()) grow.onHeld();
  },

  progress(grow, model, { step, perSecond }) {
    grow.session.progress(model.layers, step, perSecond);
    grow.runner?.allow(grow.session.slowestStep());
    grow.scheduleRender();
  },

  eval(grow, model, message) {
    grow.onEvaluation(model, message);
  },

  attention(grow, model, message) {
    grow.onAttention(model, message);
  },

  finished(grow, model, { step }) {
    model.done = true;
    model.step = step;
    if (grow.session.allDone()) {
      grow.stopRace();
      grow.setState('finished');
      grow.lines.announce(outcomeSentence(grow.models, { finished: true, total: grow.race.spec.steps }));
    }
    grow.scheduleRender();
  },

  diverged(grow, model, { step }) {
    grow.stopRace();
    grow.setState('diverged');
    grow.lines.showMessage(divergedSentence(model.layers, step));
    grow.render();
  },

  error(grow, model, { message }) {
    grow.stopRace();
    grow.setState('failed');
    const said = sentence(`The race stopped: ${message}`);
    grow.lines.showMessage(`${said} Press Reset to try again.`);
    grow.setAttribute('error', said);
  },
};

/** A message from the worker training the toy with `layers` layers, applied to `grow`. */
export function onWorkerMessage(grow, layers, message) {
  const model = grow.session?.model(layers);
  if (model && Object.hasOwn(ON, message.type)) ON[message.type](grow, model, message);
}
