"""Drive the mahjong engine from Python, with the standard library only.

The engine runs as a child process (``mahjong env``) speaking JSON lines on stdin/stdout; see
mahjong/README.md, "Python access". One process holds any number of environments (ids 0, 1, ...):
``MahjongEnv`` is one of them, ``EnvBatch`` steps many at once by writing all their commands
before reading the answers (one round trip per batch).

    from mahjong_env import MahjongEnv
    env = MahjongEnv()                          # spawns `mahjong env` (or MAHJONG_ENV_CMD)
    obs = env.reset(seed=1, seats=["agent", "strong", "strong", "strong"])
    while not obs["done"]:
        action = obs["legal"][0]                 # or any a with obs["mask"][a] == 1
        obs = env.step(action)
    print(obs["reward"], obs["places"])          # final points (uma and return applied), places
    env.close()
"""
import json
import os
import shlex
import subprocess

ACTION_COUNT = 54
_HERE = os.path.dirname(os.path.abspath(__file__))
_CLI = os.path.normpath(os.path.join(_HERE, "..", "..", "src", "cli", "index.ts"))


def default_command():
    """MAHJONG_ENV_CMD if set, else `bun <repo>/mahjong/src/cli/index.ts env`."""
    cmd = os.environ.get("MAHJONG_ENV_CMD")
    return shlex.split(cmd) if cmd else ["bun", _CLI, "env"]


class EnvError(Exception):
    """An answer with ok false: code, status and message as the engine gave them."""

    def __init__(self, error):
        super().__init__("%s (%s): %s" % (error.get("code"), error.get("status"), error.get("message")))
        self.code = error.get("code")
        self.status = error.get("status")


class EngineProcess:
    """The `mahjong env` child process; commands and answers in order."""

    def __init__(self, command=None):
        self.proc = subprocess.Popen(command or default_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, commands):
        for c in commands:
            self.proc.stdin.write(json.dumps(c) + "\n")
        self.proc.stdin.flush()
        answers = []
        for _ in commands:
            line = self.proc.stdout.readline()
            if not line:
                raise EnvError({"code": "ENGINE_EXITED", "status": 500, "message": "the engine process ended"})
            answers.append(json.loads(line))
        return answers

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)


def _check(answer):
    if not answer.get("ok"):
        raise EnvError(answer.get("error", {}))
    return answer


class MahjongEnv:
    """One game. Observations are dicts: seat, obs (the seat's state view), mask (54 ints), legal, done, reward."""

    def __init__(self, engine=None, env_id=0):
        self._own = engine is None
        self.engine = engine or EngineProcess()
        self.id = env_id

    def reset(self, seed=None, seats=("agent", "agent", "agent", "agent"), east_only=False):
        cmd = {"cmd": "reset", "env": self.id, "seats": list(seats), "east_only": east_only}
        if seed is not None:
            cmd["seed"] = seed
        return _check(self.engine.send([cmd])[0])

    def step(self, action):
        return _check(self.engine.send([{"cmd": "step", "env": self.id, "action": int(action)}])[0])

    def close(self):
        if self._own:
            self.engine.close()


class EnvBatch:
    """Many games in one engine process, stepped together (one write and one read per batch)."""

    def __init__(self, n, engine=None):
        self.engine = engine or EngineProcess()
        self.n = n

    def reset(self, seeds, seats=("agent", "agent", "agent", "agent"), east_only=False):
        return [_check(a) for a in self.engine.send([{"cmd": "reset", "env": i, "seed": s, "seats": list(seats), "east_only": east_only} for i, s in enumerate(seeds)])]

    def step(self, actions):
        """actions: {env id: action} for the environments that are not done."""
        return {a["env"]: _check(a) for a in self.engine.send([{"cmd": "step", "env": i, "action": int(x)} for i, x in actions.items()])}

    def close(self):
        self.engine.close()
