"""Batched self-play with random legal actions: python3 example_selfplay.py [games] [seed].

Prints one JSON line per finished game (seed, final scores, points, places) and a summary line.
"""
import json
import random
import sys

from mahjong_env import EnvBatch


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    batch = EnvBatch(games)
    obs = dict(enumerate(batch.reset([seed + i for i in range(games)], east_only=True)))
    steps = 0
    while any(not o["done"] for o in obs.values()):
        actions = {}
        for i, o in obs.items():
            if o["done"]:
                continue
            legal = [a for a in range(54) if o["mask"][a]]
            assert legal == o["legal"], "mask and legal disagree"
            actions[i] = rng.choice(legal)
        obs.update(batch.step(actions))
        steps += len(actions)
    for i in range(games):
        o = obs[i]
        print(json.dumps({"seed": seed + i, "scores": o["scores"], "points": o["reward"], "places": o["places"]}))
    print(json.dumps({"games": games, "decisions": steps}))
    batch.close()


if __name__ == "__main__":
    main()
