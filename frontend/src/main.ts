import { mount } from "svelte";
import "./styles.css";
import App from "./App.svelte";
import { detectHost } from "./lib/host";
import { Api } from "./lib/api";

const api = new Api(detectHost(window));
mount(App, { target: document.getElementById("app")!, props: { api } });
