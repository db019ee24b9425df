# The example published with the hosted openrouter:shell tool, unchanged except for the base URL and key
# (read from the environment here so the test can point it at a local `sandbench serve`).
import os

import requests

BASE_URL = os.environ["SANDBENCH_BASE_URL"]  # was https://openrouter.ai/api/v1
API_KEY = os.environ["SANDBENCH_API_KEY"]  # was the OpenRouter key

response = requests.post(
    f"{BASE_URL}/responses",
    headers={
        "Authorization": f"Bearer {API_KEY}",
        "Content-Type": "application/json",
    },
    json={
        "model": "openai/gpt-5.2",
        "input": "What OS and Python version is this sandbox running?",
        "tools": [{"type": "openrouter:shell"}],
    },
)

data = response.json()
for item in data["output"]:
    if item["type"] == "openrouter:shell":
        print("Container:", item["container_id"])
        print("Commands:", item["action"]["commands"])
        for result in item["output"]:
            print(result["stdout"], result["outcome"])
